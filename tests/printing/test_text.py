from reportlab.pdfbase.pdfmetrics import stringWidth

from printing.fonts import BOLD, REGULAR, register_fonts
from printing.text import ELLIPSIS, clean, fit, wrap

register_fonts()


def test_short_text_keeps_the_largest_size():
    assert fit("1969", BOLD, 150, 40, 12, 5).size == 12


def test_long_text_shrinks_and_wraps_within_the_box():
    text = "The first recorded Olympic Games are held at Olympia in honour of Zeus"
    fitted = fit(text, BOLD, 150, 40, 12, 5)
    assert 5 <= fitted.size < 12
    assert len(fitted.lines) > 1
    assert fitted.height <= 40
    assert all(stringWidth(line, BOLD, fitted.size) <= 150 for line in fitted.lines)
    assert " ".join(fitted.lines) == text


def test_text_too_long_for_the_smallest_size_ends_in_an_ellipsis():
    fitted = fit("word " * 200, REGULAR, 100, 20, 10, 4)
    assert fitted.size == 4
    assert fitted.lines[-1].endswith(ELLIPSIS)
    assert fitted.height <= 20
    assert all(stringWidth(line, REGULAR, 4) <= 100 for line in fitted.lines)


def test_one_line_box_cuts_with_an_ellipsis():
    fitted = fit("a very long title that cannot fit", BOLD, 40, 10, 8, 6, max_lines=1)
    assert len(fitted.lines) == 1 and fitted.lines[0].endswith(ELLIPSIS)


def test_a_word_longer_than_the_line_is_broken():
    lines = wrap("Donaudampfschifffahrtsgesellschaftskapitän", REGULAR, 10, 60)
    assert len(lines) > 1 and "".join(lines) == "Donaudampfschifffahrtsgesellschaftskapitän"


def test_markup_is_just_text():
    text = '<img src="/etc/passwd"/> <font color=red>x</font>'
    assert " ".join(fit(text, REGULAR, 400, 40, 10, 5).lines) == text


def test_clean_composes_and_flattens():
    assert clean("Z\u030ca\u0301kon\n\tdne  1. 1.\u200b") == "Žákon dne 1. 1."


def _characters_measured(monkeypatch, text, **box):
    """Fit `text` from cold caches and count the characters whose widths were looked up."""
    import printing.text

    measured = []
    real = printing.text.stringWidth

    def counted(string, font, size):
        measured.append(len(string))
        return real(string, font, size)

    monkeypatch.setattr(printing.text, "stringWidth", counted)
    fit.cache_clear()
    printing.text.unit_width.cache_clear()
    fit(text, **box)
    return sum(measured)


def test_fitting_work_grows_linearly_with_the_text(monkeypatch):
    # A theme band: one line that must cut a long text. Measuring every shorter cut again was quadratic.
    box = {"font": BOLD, "width": 150, "height": 12, "max_size": 8, "min_size": 3, "max_lines": 1}
    words = "Olympia zeus marathon wall rises north great games held recorded first".split()
    for length in (2_000, 8_000):
        text = " ".join(words[i % len(words)] + str(i) for i in range(length // 8))[:length]
        assert _characters_measured(monkeypatch, text, **box) <= 3 * length
    one_word = "x" * 8_000  # a text without spaces is cut inside its one word
    assert _characters_measured(monkeypatch, one_word, **{**box, "max_lines": 4, "height": 40}) <= 3 * len(one_word)
