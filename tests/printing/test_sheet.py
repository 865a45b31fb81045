import itertools

import pytest

from printing.options import CARD_SIZES, DUPLEX_MODES, PAPERS, PrintOptions
from printing.sheet import MARGIN, MARK_LENGTH, Rect, SheetError, bounds, plan_sheet

TOLERANCE = 1e-6


def options(paper="a4", size=(63, 88), duplex="long", bleed=None):
    return PrintOptions(paper, size, duplex, bleed, (0.0, 0.0), "en")


ALL = list(itertools.product(PAPERS, CARD_SIZES.values(), DUPLEX_MODES, (None, 0.0, 2.0, 5.0)))


def close(a: Rect, b: Rect) -> bool:
    return all(abs(x - y) < TOLERANCE for x, y in zip((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h), strict=True))


def test_known_sheets():
    assert (plan_sheet(options()).per_sheet, plan_sheet(options()).bleed) == (9, 1.0)
    assert plan_sheet(options(paper="letter")).per_sheet == 9
    assert plan_sheet(options(size=CARD_SIZES["mini-euro"])).per_sheet == 16
    assert plan_sheet(options(size=CARD_SIZES["tarot"])).bleed == 3.0
    assert plan_sheet(options(duplex="fold")).per_sheet == 4


def test_landscape_when_it_fits_more_cards():
    plan = plan_sheet(options(size=(100, 60)))
    assert plan.landscape and plan.page == (297, 210) and plan.per_sheet == 6
    assert not plan_sheet(options()).landscape


def test_explicit_bleed_is_honoured_even_at_the_cost_of_cards():
    plan = plan_sheet(options(bleed=3.0))
    assert (plan.bleed, plan.columns, plan.rows, plan.landscape) == (3.0, 4, 2, True)


def test_too_big_a_card_is_refused():
    with pytest.raises(SheetError, match="does not fit"):
        plan_sheet(options(size=(250, 250)))


@pytest.mark.parametrize(("paper", "size", "duplex", "bleed"), ALL)
def test_cards_sit_on_the_paper_centred_and_apart(paper, size, duplex, bleed):
    plan = plan_sheet(options(paper, size, duplex, bleed))
    width, height = plan.page
    assert 0 <= plan.bleed <= (3 if bleed is None else bleed)
    fronts = [s.front.grow(plan.bleed) for s in plan.slots]
    backs = [s.back.grow(plan.bleed) for s in plan.slots]
    pages = [fronts + backs] if plan.fold else [fronts, backs]
    for rects in pages:
        for rect in rects:
            assert rect.x >= MARGIN - TOLERANCE and rect.right <= width - MARGIN + TOLERANCE
            assert rect.y >= MARGIN - TOLERANCE and rect.top <= height - MARGIN + TOLERANCE
        for a, b in itertools.combinations(rects, 2):
            assert not a.overlaps(b)
    grid = bounds(fronts)
    area = Rect(0, 0, width, height)
    if plan.fold:
        area = Rect(0, height / 2, width, height / 2) if plan.fold.y1 == plan.fold.y2 else Rect(0, 0, width / 2, height)
    assert abs((grid.x - area.x) - (area.right - grid.right)) < TOLERANCE
    assert abs((grid.y - area.y) - (area.top - grid.top)) < TOLERANCE


@pytest.mark.parametrize(("paper", "size", "duplex", "bleed"), ALL)
def test_each_back_mirrors_its_front(paper, size, duplex, bleed):
    plan = plan_sheet(options(paper, size, duplex, bleed))
    width, height = plan.page
    long_edge_vertical = height >= width
    for slot in plan.slots:
        if duplex == "none":
            expected, turned = slot.front, False
        elif duplex == "fold" and plan.fold.x1 == plan.fold.x2:
            expected, turned = slot.front.mirror_x(plan.fold.x1), False
        elif duplex == "fold":
            expected, turned = slot.front.mirror_y(plan.fold.y1), True
        elif (duplex == "long") == long_edge_vertical:
            expected, turned = Rect(width - slot.front.right, slot.front.y, *plan.card), False
        else:
            expected, turned = Rect(slot.front.x, height - slot.front.top, *plan.card), True
        assert close(slot.back, expected)
        assert slot.back_turned is turned


def test_portrait_long_edge_mirrors_x_and_short_edge_mirrors_y():
    long, short = plan_sheet(options(duplex="long")), plan_sheet(options(duplex="short"))
    first = long.slots[0]
    assert abs(first.back.x - (210 - first.front.right)) < TOLERANCE and first.back.y == first.front.y
    first = short.slots[0]
    assert abs(first.back.y - (297 - first.front.top)) < TOLERANCE and first.back.x == first.front.x
    assert first.back_turned


@pytest.mark.parametrize(("paper", "size", "duplex", "bleed"), ALL)
def test_crop_marks_stay_outside_every_card(paper, size, duplex, bleed):
    plan = plan_sheet(options(paper, size, duplex, bleed))
    rects = [r.grow(plan.bleed) for s in plan.slots for r in (s.front, s.back)]
    cuts_x = {round(v, 6) for s in plan.slots for r in (s.front, s.back) for v in (r.x, r.right)}
    cuts_y = {round(v, 6) for s in plan.slots for r in (s.front, s.back) for v in (r.y, r.top)}
    marks = plan.front_marks + plan.back_marks
    assert marks
    for mark in marks:
        assert not any(mark.crosses(rect) for rect in rects)
        assert 0 < abs(mark.x2 - mark.x1) + abs(mark.y2 - mark.y1) <= MARK_LENGTH + TOLERANCE
        assert 0 <= min(mark.x1, mark.x2) and max(mark.x1, mark.x2) <= plan.page[0]
        assert 0 <= min(mark.y1, mark.y2) and max(mark.y1, mark.y2) <= plan.page[1]
        if mark.x1 == mark.x2:
            assert round(mark.x1, 6) in cuts_x
        else:
            assert round(mark.y1, 6) in cuts_y
