"""Colours, names and Chronology powers printed on the cards, by theme and language."""

from dataclasses import dataclass

from engine.decks.model import pick_language


@dataclass(frozen=True)
class Theme:
    key: str
    colour: str  # hex; the band, the frame and the pictogram
    names: dict[str, str]


def _theme(key: str, colour: str, en: str, cs: str, sk: str, hu: str, ru: str, de: str) -> Theme:
    return Theme(key, colour, {"en": en, "cs": cs, "sk": sk, "hu": hu, "ru": ru, "de": de})


THEMES = {
    theme.key: theme
    for theme in (
        _theme(
            "discoveries",
            "#2a7f62",
            "Discoveries",
            "Objevy",
            "Objavy",
            "Felfedezések",
            "Открытия",
            "Entdeckungen",
        ),
        _theme("events", "#a63d40", "Events", "Události", "Udalosti", "Események", "События", "Ereignisse"),
        _theme("music", "#6a4c93", "Music", "Hudba", "Hudba", "Zene", "Музыка", "Musik"),
        _theme(
            "inventions",
            "#1f6fb2",
            "Inventions",
            "Vynálezy",
            "Vynálezy",
            "Találmányok",
            "Изобретения",
            "Erfindungen",
        ),
        _theme("monuments", "#8c6d46", "Monuments", "Památky", "Pamiatky", "Műemlékek", "Памятники", "Bauwerke"),
        _theme("sport", "#d9731a", "Sport", "Sport", "Šport", "Sport", "Спорт", "Sport"),
        _theme("art", "#b8336a", "Art", "Umění", "Umenie", "Művészet", "Искусство", "Kunst"),
        _theme("story", "#3d5a6c", "Story", "Příběh", "Príbeh", "Történet", "Сюжет", "Geschichte"),
        _theme("red", "#c62828", "War", "Válka", "Vojna", "Háború", "Война", "Krieg"),
        _theme("beige", "#c9a978", "Culture", "Kultura", "Kultúra", "Kultúra", "Культура", "Kultur"),
        _theme("blue", "#1565c0", "Science", "Věda", "Veda", "Tudomány", "Наука", "Wissenschaft"),
    )
}
PLAIN = Theme("", "#5d6d7e", {"en": ""})


@dataclass(frozen=True)
class Power:
    name: dict[str, str]
    text: dict[str, str]


POWERS = {
    "red": Power(
        {
            "en": "War destroys",
            "cs": "Válka ničí",
            "sk": "Vojna ničí",
            "hu": "A háború pusztít",
            "ru": "Война разрушает",
            "de": "Krieg zerstört",
        },
        {
            "en": "Discard the top card of any stack.",
            "cs": "Odhoď vrchní kartu libovolné hromádky.",
            "sk": "Odhoď vrchnú kartu ľubovoľnej kôpky.",
            "hu": "Dobd el bármelyik halom legfelső lapját.",
            "ru": "Сбросьте верхнюю карту любой стопки.",
            "de": "Wirf die oberste Karte eines beliebigen Stapels ab.",
        },
    ),
    "beige": Power(
        {
            "en": "Culture creates",
            "cs": "Kultura tvoří",
            "sk": "Kultúra tvorí",
            "hu": "A kultúra teremt",
            "ru": "Культура созидает",
            "de": "Kultur erschafft",
        },
        {
            "en": "Move the top card of a common deck onto a player's stack of that colour.",
            "cs": "Přesuň vrchní kartu společného balíčku na hráčovu hromádku té barvy.",
            "sk": "Presuň vrchnú kartu spoločného balíčka na hráčovu kôpku tej farby.",
            "hu": "Tedd át egy közös pakli legfelső lapját egy játékos ugyanilyen színű halmára.",
            "ru": "Переложите верхнюю карту общей колоды на стопку игрока того же цвета.",
            "de": "Lege die oberste Karte eines gemeinsamen Stapels auf den Stapel dieser Farbe eines Spielers.",
        },
    ),
    "blue": Power(
        {
            "en": "Science changes everything",
            "cs": "Věda mění vše",
            "sk": "Veda mení všetko",
            "hu": "A tudomány mindent megváltoztat",
            "ru": "Наука меняет всё",
            "de": "Wissenschaft verändert alles",
        },
        {
            "en": "Swap the tops of two stacks of one colour, or shuffle one of your stacks into "
            "the common deck and take as many cards back.",
            "cs": "Prohoď vrchní karty dvou hromádek jedné barvy, nebo zamíchej jednu svou hromádku "
            "do společného balíčku a vezmi si zpět stejný počet karet.",
            "sk": "Vymeň vrchné karty dvoch kôpok jednej farby, alebo zamiešaj jednu svoju kôpku "
            "do spoločného balíčka a vezmi si späť rovnaký počet kariet.",
            "hu": "Cseréld meg két azonos színű halom legfelső lapját, vagy keverd egy halmodat "
            "a közös pakliba, és húzz vissza ugyanannyi lapot.",
            "ru": "Поменяйте верхние карты двух стопок одного цвета или замешайте свою стопку "
            "в общую колоду и возьмите столько же карт.",
            "de": "Tausche die obersten Karten zweier Stapel einer Farbe oder mische einen deiner Stapel "
            "in den gemeinsamen Stapel und nimm ebenso viele Karten zurück.",
        },
    ),
}


def theme_of(theme: str, colour: str | None) -> Theme:
    """Return the look of a card: its Chronology colour wins over its theme."""
    return THEMES.get(colour or "") or THEMES.get(theme.lower()) or Theme(theme, PLAIN.colour, {"en": theme})


def theme_name(theme: Theme, lang: str) -> str:
    """Return the theme's name in `lang`, or in English."""
    return pick_language(theme.names, lang)


def on_colour(hex_colour: str) -> str:
    """Return black or white, whichever reads better on `hex_colour`."""
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return "#1a1a1a" if 0.299 * r + 0.587 * g + 0.114 * b > 0.6 else "#ffffff"
