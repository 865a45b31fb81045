"""Timeline's rules, one behaviour per class, on hand-built states."""

import pytest

from engine.core.errors import IllegalAction, InvalidOptions, MalformedAction
from engine.core.match import play
from engine.core.rng import Rng
from engine.decks.parse import parse_deck
from engine.games import get_game, new_match
from engine.timeline.bots import TimelineHitRateBot as HitRateBot
from engine.timeline.rules import new_pile, pile_cards
from tests.engine.timeline.conftest import YEARS

# The small deck's cards and a twin of hastings (1066), given to the rules as a user deck would be.
HAND_BUILT = parse_deck(
    {
        "id": "hand-built",
        "kind": "dated",
        "title": {"en": "Hand-built"},
        "cards": [
            {"id": cid, "year": year, "theme": "events", "title": {"en": cid}}
            for cid, year in {**YEARS, "twin": 1066}.items()
        ],
    }
)
TIMELINE = get_game("timeline").playing(HAND_BUILT)
ZONES = ("timeline", "box", "shown")


def state(hands, timeline=("hastings",), pile=(), box=(), active=None, queue=None, round_=1, eliminated=None):
    """Build a Timeline state by hand, naming cards by id (`positions` turns it into what the engine keeps)."""
    return {
        "deck": HAND_BUILT.id,
        "deck_hash": HAND_BUILT.digest,
        "language": "en",
        "pile": list(pile),
        "hands": [list(h) for h in hands],
        "timeline": list(timeline),
        "box": list(box),
        "shown": [],
        "active": list(range(len(hands))) if active is None else active,
        "eliminated": eliminated or {},
        "round": round_,
        "queue": list(range(len(hands))) if queue is None else queue,
        "winners": None,
        "rng": {"seed": 1, "counter": 0},
    }


def positions(named):
    """The state as the engine keeps it: cards as positions in the deck."""
    index = HAND_BUILT.index
    pile = [index[c] for c in named["pile"]]
    return {
        **named,
        **{zone: [index[c] for c in named[zone]] for zone in ZONES},
        "pile": new_pile(pile, len(pile)),
        "hands": [[index[c] for c in hand] for hand in named["hands"]],
    }


def named(s):
    """The state with cards named by id again, for assertions that read like the table."""
    cards = HAND_BUILT.cards
    return {
        **s,
        **{zone: [cards[c].id for c in s[zone]] for zone in ZONES},
        "pile": [cards[c].id for c in pile_cards(s["pile"])],
        "hands": [[cards[c].id for c in hand] for hand in s["hands"]],
    }


def place(s, seat, card, gap):
    after, events = TIMELINE.apply(positions(s), seat, {"type": "place", "card": card, "gap": gap})
    return named(after), events


class TestSetup:
    """Dealing follows the options; a start card lies on the timeline."""

    def test_deals_four_each_by_default_and_turns_a_start_card(self, small_deck):
        match = new_match("timeline", 2, {"deck": "small"}, 1)
        assert [len(h) for h in match.state["hands"]] == [4, 4]
        assert len(match.state["timeline"]) == 1
        assert len(match.state["pile"]) == 12 - 8 - 1
        assert match.to_act() == {0}

    @pytest.mark.parametrize(("players", "each"), [(2, 6), (3, 6), (4, 5), (5, 5), (6, 4), (8, 4)])
    def test_by_players_deals_six_five_or_four(self, players, each):
        match = new_match("timeline", players, {"hand_size": "by_players"}, 1)
        assert [len(h) for h in match.state["hands"]] == [each] * players

    def test_too_many_cards_for_the_deck_is_refused(self, small_deck):
        with pytest.raises(InvalidOptions, match="too few"):
            new_match("timeline", 3, {"deck": "small", "hand_size": "by_players"}, 1)

    def test_hand_size_out_of_range_is_refused(self, small_deck):
        with pytest.raises(InvalidOptions):
            new_match("timeline", 2, {"deck": "small", "hand_size": 11}, 1)

    def test_titles_follow_the_language_with_english_fallback(self, small_deck):
        czech = new_match("timeline", 2, {"deck": "small", "language": "cs"}, 1)
        assert all(
            card["title"].endswith("(cs)")
            for hand in TIMELINE.view(czech.state, None)["hands"]
            for card in hand["cards"]
        )
        german = new_match("timeline", 2, {"deck": "small", "language": "de"}, 1)
        titles = {card["title"] for hand in TIMELINE.view(german.state, None)["hands"] for card in hand["cards"]}
        assert titles <= {c.title() for c in YEARS} and len(titles) == 8

    def test_the_state_keeps_deck_positions_and_names_its_deck(self, small_deck):
        match = new_match("timeline", 2, {"deck": "small"}, 1)
        assert (match.state["deck"], match.state["deck_hash"]) == ("small", small_deck.digest)
        assert "cards" not in match.state and all(isinstance(c, int) for c in match.state["hands"][0])
        assert match.state["pile"]["size"] == 12 - 2 * 4 - 1 and len(match.state["pile"]["moved"]) <= 9
        assert TIMELINE.deck_in_play(match.state) == ("small", small_deck.digest)


class TestPlacement:
    """A placement is right when the timeline stays in order; equal years go on either side."""

    def test_a_right_card_stays_and_the_turn_passes(self):
        s, events = place(state([["moon", "rome"], ["caesar"]]), 0, "moon", 1)
        assert s["timeline"] == ["hastings", "moon"] and s["hands"][0] == ["rome"]
        assert events[0]["type"] == "card_placed" and events[0]["card"]["label"] == "1969"
        assert s["queue"] == [1]

    def test_a_card_between_two_others(self):
        s, _ = place(state([["magna-carta"], ["rome"]], timeline=("hastings", "moon")), 0, "magna-carta", 1)
        assert s["timeline"] == ["hastings", "magna-carta", "moon"]

    def test_a_wrong_card_goes_to_the_box_and_the_player_draws(self):
        s, events = place(state([["moon"], ["rome"]], pile=("newton",)), 0, "moon", 0)
        assert s["box"] == ["moon"] and s["hands"][0] == ["newton"] and s["pile"] == []
        assert [e["type"] for e in events] == ["card_boxed", "card_drawn"]
        assert events[0]["card"]["key"] == [1969] and events[0]["card"]["label"] == "1969", "turned over for all"
        assert s["shown"] == ["moon"]

    def test_everyone_may_know_a_turned_over_card_but_hand_and_pile_cards_stay_hidden(self):
        s, events = place(state([["moon", "rome"], ["caesar"]], pile=("newton",)), 0, "moon", 0)
        hidden = TIMELINE.hidden_cards(positions(s), None)
        assert "moon" not in hidden and {"rome", "caesar", "newton"} <= set(hidden)
        view = TIMELINE.view(positions(s), 1)
        assert all("key" not in card for hand in view["hands"] for card in hand["cards"])

    @pytest.mark.parametrize("gap", [0, 1])
    def test_equal_years_fit_on_either_side(self, gap):
        s = state([["hastings"], ["rome"]], timeline=("twin",))
        after, events = place(s, 0, "hastings", gap)
        assert events[0]["correct"] and "hastings" in after["timeline"]

    def test_an_empty_pile_is_refilled_from_the_shuffled_box(self):
        s, events = place(state([["moon"], ["rome"]], box=("newton", "steam")), 0, "moon", 0)
        assert "box_reshuffled" in [e["type"] for e in events]
        assert len(s["hands"][0]) == 1 and sorted(s["pile"] + s["hands"][0]) == ["newton", "steam"]
        assert s["box"] == ["moon"]

    def test_with_no_other_card_anywhere_the_misplaced_card_comes_back(self):
        s, events = place(state([["moon", "rome"], ["caesar"]]), 0, "moon", 0)
        assert s["hands"][0] == ["rome", "moon"] and s["box"] == []
        assert [e["type"] for e in events] == ["card_boxed", "card_drawn"]

    def test_nobody_wins_by_misplacing_a_last_card(self):
        s, _ = place(state([["moon"], ["rome", "caesar"]]), 0, "moon", 0)
        s, _ = place(s, 1, "rome", 0)
        assert s["winners"] is None and s["hands"][0] == ["moon"]

    def test_the_misplaced_card_is_never_drawn_back(self):
        s, _ = place(state([["moon"], ["rome"]], box=("steam",)), 0, "moon", 0)
        assert s["hands"][0] == ["steam"] and s["box"] == ["moon"]


class TestRefusals:
    """Bad actions are refused with a stable code and a reason."""

    def test_a_card_not_in_hand(self):
        with pytest.raises(IllegalAction, match="not in your hand"):
            place(state([["moon"], ["rome"]]), 0, "rome", 0)

    def test_a_gap_that_does_not_exist(self):
        with pytest.raises(IllegalAction, match="gaps 0-1"):
            place(state([["moon"], ["rome"]]), 0, "moon", 2)

    @pytest.mark.parametrize(
        "action",
        [
            {"type": "draw"},
            {"type": "place", "card": "moon"},
            {"type": "place", "card": "moon", "gap": True},
            {"type": "place", "card": 3, "gap": 0},
        ],
    )
    def test_malformed_actions(self, action):
        with pytest.raises(MalformedAction):
            TIMELINE.apply(positions(state([["moon"], ["rome"]])), 0, action)


class TestRoundEnd:
    """At the end of each round: one empty hand wins; several go to sudden death; none plays on."""

    def test_the_only_player_to_empty_their_hand_wins(self):
        s, _ = place(state([["moon"], ["rome", "caesar"]]), 0, "moon", 1)
        assert TIMELINE.outcome(s) is None, "the round is played out first"
        s, events = place(s, 1, "rome", 0)
        assert s["winners"] == [0]
        assert events[-1] == {"type": "game_over", "winners": [0]}
        assert TIMELINE.outcome(s)["standings"][0] == {
            "seat": 0,
            "place": 1,
            "cards_left": 0,
            "eliminated_in_round": None,
        }

    def test_several_empty_hands_eliminate_the_others_and_survivors_draw(self):
        s = state([["moon"], ["rome", "newton"], ["caesar"]], pile=("steam", "bastille", "telephone"))
        s, _ = place(s, 0, "moon", 1)
        s, _ = place(s, 1, "newton", 2)  # wrong: newton (1687) after moon (1969)
        s, events = place(s, 2, "caesar", 0)
        assert s["winners"] is None
        assert s["active"] == [0, 2] and s["eliminated"] == {"1": 1}
        assert [len(s["hands"][seat]) for seat in (0, 2)] == [1, 1]
        assert s["queue"] == [0, 2] and s["round"] == 2
        assert {"type": "players_eliminated", "seats": [1], "round": 1} in events

    def test_nobody_empty_means_a_new_round(self):
        s = state([["moon", "rome"], ["caesar", "newton"]])
        s, _ = place(s, 0, "moon", 1)
        s, events = place(s, 1, "caesar", 0)
        assert s["round"] == 2 and s["queue"] == [0, 1]
        assert events[-1]["type"] == "round_started"

    def test_a_player_with_an_empty_hand_is_skipped_until_the_round_ends(self):
        s = state([["moon"], ["rome", "caesar"], ["newton", "steam"]], queue=[1, 2, 0])
        s["hands"][0] = []  # seat 0 emptied earlier this round
        s["queue"] = [1, 2]
        s, _ = place(s, 1, "rome", 0)
        assert s["queue"] == [2]
        s, _ = place(s, 2, "newton", 0)  # wrong: newton comes back; seat 0 gets no turn, the round ends
        assert s["winners"] == [0] and s["hands"][2] == ["steam", "newton"]

    def test_survivors_who_cannot_draw_share_the_win(self):
        s = state([["moon"], ["rome"]])
        s, _ = place(s, 0, "moon", 1)
        s, events = place(s, 1, "rome", 0)
        assert s["winners"] == [0, 1]
        assert TIMELINE.outcome(s)["winners"] == [0, 1]

    def test_standings_rank_later_eliminations_higher(self):
        s = state([[], ["rome"], ["caesar", "steam"]], active=[0], queue=[0], round_=3, eliminated={"1": 2, "2": 1})
        s["winners"] = [0]
        places = {row["seat"]: row["place"] for row in TIMELINE.outcome(s)["standings"]}
        assert places == {0: 1, 1: 2, 2: 3}


class TestOrdinalDecks:
    """A Star Wars-style deck orders by group, then position, and labels with the group."""

    def test_keys_and_labels(self):
        deck = parse_deck(
            {
                "id": "saga",
                "kind": "ordinal",
                "title": {"en": "Saga"},
                "groups": [
                    {"id": "iv", "label": {"en": "Episode IV"}, "short": {"en": "Ep. IV"}},
                    {"id": "v", "label": {"en": "Episode V"}, "short": {"en": "Ep. V"}},
                ],
                "cards": [
                    {"id": "late-iv", "group": "iv", "position": 700, "title": {"en": "Death Star explodes"}},
                    {"id": "early-v", "group": "v", "position": 3, "title": {"en": "Wampa attack"}},
                ],
            }
        )
        late, early = deck.cards
        assert deck.key(late) < deck.key(early)
        assert deck.label(early) == "Ep. V · 3"

    @pytest.mark.parametrize(
        "lang, label",
        [
            ("en", "44 BC"),
            ("cs", "44 př. n. l."),
            ("sk", "44 pred n. l."),
            ("hu", "i. e. 44"),
            ("ru", "44 до н. э."),
            ("de", "44 v. Chr."),
        ],
    )
    def test_bc_years_carry_each_languages_era_label(self, small_deck, lang, label):
        caesar = next(card for card in small_deck.cards if card.id == "caesar")
        assert small_deck.label(caesar, lang) == label
        assert small_deck.label(caesar) == "44 BC"

    def test_a_game_in_czech_shows_the_czech_era_label(self, small_deck):
        match = new_match("timeline", 2, {"deck": "small", "language": "cs"}, 1)
        labels = dict(zip((card.id for card in small_deck.cards), small_deck.labels("cs"), strict=True))
        assert match.state["language"] == "cs"
        assert labels["caesar"] == "44 př. n. l." and labels["hastings"] == "1066"
        shown = TIMELINE.view(match.state, None)["timeline"][0]
        assert shown["label"] == labels[shown["id"]]


class TestHitRateBot:
    """The bot plays right or wrong as often as it is told."""

    def test_always_right_at_one_and_always_wrong_at_zero(self):
        s = state([["moon", "rome", "steam"], ["caesar"]], timeline=("hastings", "telephone"))
        for seed in range(20):
            right = HitRateBot(hit_rate=1).choose(TIMELINE, positions(s), 0, Rng(seed))
            wrong = HitRateBot(hit_rate=0).choose(TIMELINE, positions(s), 0, Rng(seed))
            assert place(
                state([["moon", "rome", "steam"], ["caesar"]], timeline=("hastings", "telephone")),
                0,
                right["card"],
                right["gap"],
            )[1][0]["correct"]
            assert not place(
                state([["moon", "rome", "steam"], ["caesar"]], timeline=("hastings", "telephone")),
                0,
                wrong["card"],
                wrong["gap"],
            )[1][0]["correct"]

    @pytest.mark.parametrize("options", [{"hit_rate": 2}, {"hit_rate": "high"}, {"skill": 1}])
    def test_bad_options_are_refused(self, options):
        with pytest.raises(InvalidOptions):
            HitRateBot(**options)


def test_play_checks_the_turn_and_counts_versions(small_deck):
    match = new_match("timeline", 2, {"deck": "small"}, 3)
    action = TIMELINE.legal_actions(match.state, 0)[0]
    after, events = play(match, 0, action)
    assert after.version == 1 and after.log[0] == {"v": 1, "seat": 0, "action": action}
    assert all(e["v"] == 1 for e in events)
    assert match.version == 0 and match.state != after.state, "play leaves the old match untouched"
