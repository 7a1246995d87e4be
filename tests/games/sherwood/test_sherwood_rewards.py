"""Phase 5: the rewards (Champion, Camp, Theft, Companion), the variant and the
special missions of stack II."""

from __future__ import annotations

import pytest

from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sherwood import GAME
from sherwood_tui.games.sherwood.rules.data import data
from sherwood_tui.games.sherwood.rules.rules import ChooseReward, ChooseTown
from tests.contract_checks import changed

from .conftest import gold_count, make, play, spring, texts, town


def win_strength(mission: str, n: int = 2, **kw):
    """Alice's Little John claims the mission at Strength; Alice chooses the reward."""
    state = make(n=n, missions=(mission, None, None), **kw)
    state, _ = spring(state, ("john",), *[()] * (n - 1))
    assert state.phase == "choose_reward" and state.reward.seat == 0
    return state


def kinds(state):
    return [a.reward for a in GAME.legal_actions(state, state.reward.seat)]


def test_rewards_resolved_in_order_strength_dexterity_cunning():
    state = make(n=3, missions=("tax-collector", "abbot", "poachers"))
    state, _ = spring(state, ("john",), ("robin",), ("marian",))
    winners = [r.winner for r in state.reveal.skills]
    assert winners == [0, 1, 2]
    seen = []
    while state.phase == "choose_reward":
        seen.append((state.reward.seat, state.reward.skill))
        state, _ = play(state, ChooseReward(seat=state.reward.seat, reward="theft"))
    assert seen == [(0, 0), (1, 1), (2, 2)]


def test_champion_scores_town_network_and_nottingham():
    state = win_strength("tax-collector", towns={"bingham": 0, "newark": 0})
    state, events = play(state, ChooseReward(seat=0, reward="champion"))
    assert state.phase == "choose_town"
    state, events = play(state, ChooseTown(seat=0, town="southwell"))
    assert town(state, "southwell") == 0
    assert state.popularity[0] == 4  # 1 town + 2 connected + 1 Nottingham
    assert "+4 popularity (1 for the town, 2 for connected towns, 1 for the road to Nottingham)" in texts(events)
    assert state.score_log[-1].kind == "champion" and state.score_log[-1].town == "southwell"


def test_champion_lone_town_scores_one():
    state = win_strength("tax-collector")
    state, _ = play(state, ChooseReward(seat=0, reward="champion"), ChooseTown(seat=0, town="newark"))
    assert state.popularity[0] == 1


def test_champion_networks_do_not_join_through_nottingham():
    state = win_strength("tax-collector", towns={"calverton": 0})
    state, _ = play(state, ChooseReward(seat=0, reward="champion"), ChooseTown(seat=0, town="southwell"))
    assert state.popularity[0] == 2  # the town and its road to Nottingham, no connected town
    assert GAME.public_view(state).seats[0].largest_network == 1


def test_champion_only_towns_named_on_the_card():
    state = win_strength("tax-collector")
    state, _ = play(state, ChooseReward(seat=0, reward="champion"))
    assert {a.town for a in GAME.legal_actions(state, 0)} == {"newark", "southwell"}
    with pytest.raises(RuleError, match="Retford is not one of the towns of Waylay the Tax Collector"):
        GAME.apply(state, ChooseTown(seat=0, town="retford"))


def test_champion_displacement_costs_a_gold_card_and_the_opponent_a_point():
    state = win_strength("tax-collector", towns={"newark": 1}, hands={0: ("Gold",)}, popularity=(0, 3))
    state, _ = play(state, ChooseReward(seat=0, reward="champion"))
    assert GAME.is_private(state, 0), "paying Gold may be involved"
    state, events = play(state, ChooseTown(seat=0, town="newark"))
    assert town(state, "newark") == 0
    assert gold_count(state, 0) == 0 and len(state.loot_discard) == 1
    assert state.popularity == (1, 2)
    assert [(e.seat, e.points, e.kind) for e in state.score_log] == [(1, -1, "displaced"), (0, 1, "champion")]
    assert "Alice drives Bob out of Newark (paying a Gold card); Bob loses 1 popularity." in texts(events)


def test_champion_displacement_impossible_without_gold():
    state = win_strength("tax-collector", towns={"newark": 1, "southwell": 1}, hands={0: ()})
    assert "champion" not in kinds(state)
    with pytest.raises(RuleError, match="an opponent's and you have no Gold"):
        GAME.apply(state, ChooseReward(seat=0, reward="champion"))
    state = win_strength("tax-collector", towns={"newark": 1}, hands={0: ()})
    state, _ = play(state, ChooseReward(seat=0, reward="champion"))
    assert [a.town for a in GAME.legal_actions(state, 0)] == ["southwell"]
    with pytest.raises(RuleError, match="Taking Newark from Bob costs a Gold card, and you have none"):
        GAME.apply(state, ChooseTown(seat=0, town="newark"))


def test_champion_not_on_your_own_town():
    state = win_strength("tax-collector", towns={"newark": 0})
    state, _ = play(state, ChooseReward(seat=0, reward="champion"))
    with pytest.raises(RuleError, match="You already hold Newark"):
        GAME.apply(state, ChooseTown(seat=0, town="newark"))


def test_camp_takes_a_free_forest_town_for_one_point():
    state = win_strength("abbot", towns={"rufford": 1, "bingham": 0})
    state, _ = play(state, ChooseReward(seat=0, reward="camp"))
    assert not GAME.is_private(state, 0), "choosing a camp needs no secret"
    choices = {a.town for a in GAME.legal_actions(state, 0)}
    forest = {t.id for t in data().towns if t.terrain == "forest"}
    assert choices == forest - {"rufford"}
    with pytest.raises(RuleError, match="Newark lies in the plain"):
        GAME.apply(state, ChooseTown(seat=0, town="newark"))
    with pytest.raises(RuleError, match="Rufford is held by Bob"):
        GAME.apply(state, ChooseTown(seat=0, town="rufford"))
    state, events = play(state, ChooseTown(seat=0, town="blidworth"))
    assert town(state, "blidworth") == 0 and state.popularity[0] == 1  # no network points
    assert state.score_log[-1].kind == "camp"


def test_camp_needs_a_town_first_in_the_variant():
    options = {"camp_needs_town": True}
    state = win_strength("abbot", options=options)
    assert "camp" not in kinds(state)
    with pytest.raises(RuleError, match="Camp can only be taken once you hold a town"):
        GAME.apply(state, ChooseReward(seat=0, reward="camp"))
    state = win_strength("abbot", options=options, towns={"newark": 0})
    assert "camp" in kinds(state)
    state = win_strength("abbot")  # without the variant: no town needed
    assert "camp" in kinds(state)


def test_camp_option_is_declared():
    (option,) = GAME.options
    assert option.key == "camp_needs_town" and option.default is False
    assert GAME.new_game([*make().players], {"camp_needs_town": True}, 1).options.camp_needs_town


def test_theft_draws_three_loot_cards():
    state = win_strength("abbot")
    deck = len(state.loot_deck)
    state, events = play(state, ChooseReward(seat=0, reward="theft"))
    assert len(state.hands[0]) == 1 + 3 and len(state.loot_deck) == deck - 3
    assert "Alice takes Theft from Rob the Abbot of St Mary's and draws 3 Loot cards." in texts(events)


def test_loot_deck_rebuilt_from_discards_when_empty():
    state = win_strength("abbot", loot_deck=(), loot_discard=(30, 31, 32, 33))
    state, _ = play(state, ChooseReward(seat=0, reward="theft"))
    assert len(state.hands[0]) == 4 and len(state.loot_deck) == 1 and state.loot_discard == ()


def test_companion_reward_scores_one_and_joins_the_band():
    state = make(missions=("join-tuck", None, None))
    state, events = spring(state, ("john",), ())
    assert "tuck" in state.bands[0]
    assert state.popularity[0] == 1 and state.score_log[-1].kind == "companion"
    assert "join-tuck" in state.removed
    assert "Friar Tuck joins Alice's band: +1 popularity." in texts(events)


def test_no_possible_reward_gives_nothing():
    mine = {t: 0 for t in ("calverton", "southwell", "bingham", "loughborough")}
    others = {t.id: 1 for t in data().towns if t.id not in mine}
    state = win_strength("prince-john", towns={**others, **mine})
    assert kinds(state) == ["nothing"]
    state, events = play(state, ChooseReward(seat=0, reward="nothing"))
    assert "Alice can take none of the rewards of Prince John." in texts(events)
    state = win_strength("abbot")
    with pytest.raises(RuleError, match="You can still take Champion or Camp or Theft"):
        GAME.apply(state, ChooseReward(seat=0, reward="nothing"))


def test_reward_not_on_the_card_is_refused():
    state = win_strength("granary")
    assert kinds(state) == ["champion", "theft"]
    with pytest.raises(RuleError, match="offers no Camp reward"):
        GAME.apply(state, ChooseReward(seat=0, reward="camp"))


# ----- the special missions of stack II ------------------------------------------------


def test_prince_john_champion_takes_two_towns():
    state = win_strength("prince-john", stack=2)
    state, _ = play(state, ChooseReward(seat=0, reward="champion"), ChooseTown(seat=0, town="calverton"))
    assert state.phase == "choose_town" and state.reward.picks_left == 1
    assert "calverton" not in {a.town for a in GAME.legal_actions(state, 0)}
    state, events = play(state, ChooseTown(seat=0, town="southwell"))
    assert town(state, "calverton") == 0 and town(state, "southwell") == 0
    assert state.popularity[0] == 2 + 2
    assert state.phase != "choose_town"


def test_prince_john_camp_two_forest_towns_or_one_plain_town():
    state = win_strength("prince-john", stack=2)
    state, _ = play(state, ChooseReward(seat=0, reward="camp"))
    assert "newark" in {a.town for a in GAME.legal_actions(state, 0)}
    plain, _ = play(state, ChooseTown(seat=0, town="newark"))
    assert town(plain, "newark") == 0 and plain.popularity[0] == 1 and plain.phase != "choose_town"
    forest, _ = play(state, ChooseTown(seat=0, town="papplewick"))
    assert forest.phase == "choose_town"
    with pytest.raises(RuleError, match="Newark lies in the plain"):
        GAME.apply(forest, ChooseTown(seat=0, town="newark"))
    forest, _ = play(forest, ChooseTown(seat=0, town="worksop"))
    assert forest.popularity[0] == 2 and forest.phase != "choose_town"


def test_guy_of_gisbourne_champion_takes_two_towns():
    state = win_strength("gisbourne", stack=2)
    assert kinds(state) == ["champion", "theft"]
    state, _ = play(
        state, ChooseReward(seat=0, reward="champion"),
        ChooseTown(seat=0, town="hucknall"), ChooseTown(seat=0, town="eastwood"),
    )
    # Hucknall alone: 1. Eastwood joined to Hucknall and on the road to Nottingham: 3.
    assert state.popularity[0] == 1 + 3


def test_guy_of_gisbourne_booty_draws_five():
    state = win_strength("gisbourne", stack=2)
    state, _ = play(state, ChooseReward(seat=0, reward="theft"))
    assert len(state.hands[0]) == 1 + 5


def test_bishop_of_hereford_booty_draws_five():
    state = win_strength("hereford", stack=2)
    assert kinds(state) == ["theft", "camp"]
    state, _ = play(state, ChooseReward(seat=0, reward="theft"))
    assert len(state.hands[0]) == 1 + 5


def test_bishop_of_hereford_camp_two_forest_or_one_plain():
    state = win_strength("hereford", stack=2)
    state, _ = play(state, ChooseReward(seat=0, reward="camp"), ChooseTown(seat=0, town="grantham"))
    assert town(state, "grantham") == 0 and state.phase != "choose_town"
    state = win_strength("hereford", stack=2)
    state, _ = play(state, ChooseReward(seat=0, reward="camp"),
                    ChooseTown(seat=0, town="clumber"), ChooseTown(seat=0, town="worksop"))
    assert state.popularity[0] == 2


def test_second_town_may_be_declined():
    state = win_strength("prince-john", stack=2)
    state, _ = play(state, ChooseReward(seat=0, reward="champion"))
    with pytest.raises(RuleError, match="Choose a town for this reward"):
        GAME.apply(state, ChooseTown(seat=0, town=None))
    state, events = play(state, ChooseTown(seat=0, town="bingham"), ChooseTown(seat=0, town=None))
    assert [o for o in state.towns if o == 0] == [0]
    assert "Alice takes no further town." in texts(events)


def test_second_town_skipped_when_none_is_left():
    # Only Calverton is free among Prince John's towns; the others are Alice's already.
    state = win_strength("prince-john", stack=2, towns={"southwell": 0, "bingham": 0, "loughborough": 0})
    state, _ = play(state, ChooseReward(seat=0, reward="champion"), ChooseTown(seat=0, town="calverton"))
    assert state.phase != "choose_town"


def test_theft_cards_not_shown_to_the_opponents_but_to_the_drawer():
    state = make(missions=("tax-collector", None, None))
    state, _ = spring(state, ("john",), ())
    before = state
    after, events = play(state, ChooseReward(seat=0, reward="theft"))
    drawn = [c for c in after.hands[0] if c not in before.hands[0]]
    assert len(drawn) == 3
    news = GAME.private_news(before, ChooseReward(seat=0, reward="theft"), after)
    assert news[0] == "You take Theft from Waylay the Tax Collector and draw 3 Loot cards:"
    for card in drawn:
        assert any(data().loot[card].name in line for line in news[1:])
    # The public log says how many, never which.
    for name in {data().loot[c].name for c in drawn} - {"Gold"}:
        assert name not in texts(events)


def test_theft_private_news_only_for_theft():
    state = make(missions=("tax-collector", None, None), towns={})
    state, _ = spring(state, ("john",), ())
    action = ChooseReward(seat=0, reward="champion")
    after, _ = play(state, action)
    assert GAME.private_news(state, action, after) == []


def test_theft_from_an_empty_loot_deck_draws_nothing_and_says_so():
    state = make(missions=("tax-collector", None, None))
    state, _ = spring(state, ("john",), ())
    hidden = state.loot_deck + state.loot_discard
    hands = (state.hands[0], state.hands[1] + hidden)
    state = changed(state, loot_deck=(), loot_discard=(), hands=hands)
    action = ChooseReward(seat=0, reward="theft")
    after, events = play(state, action)
    assert after.hands[0] == state.hands[0]
    assert "draws no Loot cards" in texts(events)
    assert GAME.private_news(state, action, after) == [
        "You take Theft from Waylay the Tax Collector, but the loot deck and its discards are empty: "
        "you draw nothing."]
