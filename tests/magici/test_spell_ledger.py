"""Every condition of the spell ledger (section 3, Spells), and the ledger inside the station."""

from __future__ import annotations

import pytest

from companion.core.clock import FakeClock
from companion.magici.model import GameResult, House, Piece, ResultKind, Side
from companion.magici.spells import (
    Announcement, ObligationKind, Spell, SpellCall, SpellLedger, SpellRefusal,
)
from companion.magici.station import RefereeStation, Refused
from companion.magici.timing import MagiciTiming

P = Piece.parse
W, B = Side.WHITE, Side.BLACK


def tactical(side: Side = B, caster: str = "e7", target: str = "Qd1") -> SpellCall:
    return SpellCall(Spell.TACTICAL, side, P(caster), target=P(target))


def capture(mover: str, victim: str) -> Announcement:
    return Announcement(P(mover), P(victim))


def reason(call: SpellCall, ledger: SpellLedger | None = None, turn: int = 1, on_move: Side = W):
    refused = (ledger or SpellLedger()).refusal(call, turn, on_move)
    return None if refused is None else refused.reason


# -- the seed's examples ------------------------------------------------------------------------
def test_hostile_seed_example_knight_forces_the_rook_instead_of_the_bishop() -> None:
    call = SpellCall(Spell.HOSTILE, W, P("Nd4"), target=P("Rd8"), announced=capture("Bb6", "Nd4"),
                     attacked_by=(P("Rd8"), P("Bb6")))
    assert reason(call, on_move=B) is None
    cast = SpellLedger().cast(call, 1, B).casts[0]
    assert cast.obligation.kind is ObligationKind.MUST_CAPTURE_CASTER and cast.obligation.piece == P("Rd8")


def test_hostile_seed_example_pawn_answers_a_capture_of_another_piece() -> None:
    call = SpellCall(Spell.HOSTILE, B, P("c6"), target=P("Bf3"), announced=capture("Qh5", "Rh8"),
                     attacked_by=(P("Bf3"),))
    assert reason(call) is None


def test_defensive_seed_example_queen_may_not_move_this_turn() -> None:
    call = SpellCall(Spell.DEFENSIVE, W, P("Ra1"), announced=capture("Qa8", "Ra1"))
    ledger = SpellLedger().cast(call, 2, B)
    assert ledger.casts[0].obligation.kind is ObligationKind.MAY_NOT_MOVE
    assert ledger.casts[0].obligation.piece == P("Qa8")


def test_tactical_seed_example_pawn_forces_the_queen_to_move() -> None:
    cast = SpellLedger().cast(tactical(), 1, W).casts[0]
    assert cast.obligation.kind is ObligationKind.MUST_MOVE and cast.obligation.piece == P("Qd1")


# -- once per game, once per turn, no answer --------------------------------------------------
def test_each_spell_once_per_game_per_team() -> None:
    ledger = SpellLedger().cast(tactical(), 1, W)
    assert reason(tactical(caster="f7", target="Nb1"), ledger, turn=5) is SpellRefusal.ALREADY_USED
    assert reason(tactical(side=W, caster="e2", target="Qd8"), ledger, turn=2, on_move=B) is None
    assert ledger.available(B) == (Spell.HOSTILE, Spell.DEFENSIVE)
    assert ledger.available(W) == (Spell.HOSTILE, Spell.DEFENSIVE, Spell.TACTICAL)


def test_at_most_one_spell_per_turn() -> None:
    ledger = SpellLedger().cast(tactical(), 3, W)
    second = SpellCall(Spell.DEFENSIVE, B, P("Nf6"), announced=capture("Bg5", "Nf6"))
    assert reason(second, ledger, turn=3) is SpellRefusal.ONE_PER_TURN
    assert reason(second, ledger, turn=5) is None


def test_no_spell_in_answer_to_a_spell() -> None:
    ledger = SpellLedger().cast(tactical(), 3, W)
    answer = SpellCall(Spell.TACTICAL, W, P("e2"), target=P("Qd8"))
    assert reason(answer, ledger, turn=3) is SpellRefusal.NO_ANSWER


def test_spell_is_cast_by_the_team_not_on_move() -> None:
    assert reason(tactical(side=W, caster="e2", target="Qd8"), on_move=W) is SpellRefusal.CASTER_ON_MOVE


# -- the King ---------------------------------------------------------------------------------
def test_king_never_casts() -> None:
    assert reason(tactical(caster="Ke8")) is SpellRefusal.KING_CANNOT_CAST


@pytest.mark.parametrize("call", [
    SpellCall(Spell.TACTICAL, B, P("e7"), target=P("Ke1")),
    SpellCall(Spell.HOSTILE, B, P("Nc6"), target=P("Ke1"), announced=capture("Bb5", "Nc6")),
    SpellCall(Spell.DEFENSIVE, B, P("Qd2"), announced=capture("Ke1", "Qd2")),
], ids=["tactical-names-king", "hostile-forces-king", "defensive-freezes-king"])
def test_king_is_never_the_target(call: SpellCall) -> None:
    assert reason(call) is SpellRefusal.KING_IS_NO_TARGET


# -- each spell's own moment ------------------------------------------------------------------
def test_tactical_comes_before_the_announcement() -> None:
    call = SpellCall(Spell.TACTICAL, B, P("e7"), target=P("Qd1"), announced=Announcement(P("Nb1")))
    assert reason(call) is SpellRefusal.NEEDS_NO_ANNOUNCEMENT


def test_tactical_must_name_a_piece() -> None:
    assert reason(SpellCall(Spell.TACTICAL, B, P("e7"))) is SpellRefusal.NEEDS_TARGET


@pytest.mark.parametrize("spell", [Spell.HOSTILE, Spell.DEFENSIVE])
@pytest.mark.parametrize("announced", [None, Announcement(P("Nb1"))], ids=["nothing-announced", "quiet-move"])
def test_hostile_and_defensive_answer_an_announced_capture(spell: Spell, announced: Announcement | None) -> None:
    call = SpellCall(spell, B, P("c6"), target=P("Bf3"), announced=announced)
    assert reason(call) is SpellRefusal.NEEDS_ANNOUNCED_CAPTURE


def test_defensive_is_cast_by_the_piece_to_be_captured() -> None:
    call = SpellCall(Spell.DEFENSIVE, B, P("Nf6"), announced=capture("Bg5", "Qd8"))
    assert reason(call) is SpellRefusal.NOT_THE_CAPTURED_PIECE


def test_hostile_forces_a_piece_other_than_the_announced_one() -> None:
    call = SpellCall(Spell.HOSTILE, B, P("Nc6"), target=P("Bb5"), announced=capture("Bb5", "Nc6"))
    assert reason(call) is SpellRefusal.SAME_CAPTURER


def test_hostile_must_name_the_capturer() -> None:
    call = SpellCall(Spell.HOSTILE, B, P("Nc6"), announced=capture("Bb5", "Nc6"))
    assert reason(call) is SpellRefusal.NEEDS_TARGET


def test_hostile_caster_must_be_attacked() -> None:
    call = SpellCall(Spell.HOSTILE, B, P("a6"), target=P("Nd4"), announced=capture("Bb5", "Nc6"), attacked_by=())
    assert reason(call) is SpellRefusal.CASTER_NOT_ATTACKED


def test_hostile_capturer_must_attack_the_caster() -> None:
    call = SpellCall(Spell.HOSTILE, B, P("Nc6"), target=P("Qh5"), announced=capture("Bb5", "Nc6"),
                     attacked_by=(P("Bb5"), P("Nd4")))
    assert reason(call) is SpellRefusal.CAPTURER_DOES_NOT_ATTACK


def test_cast_raises_with_the_refusal_message() -> None:
    with pytest.raises(ValueError, match="the King never casts a spell"):
        SpellLedger().cast(tactical(caster="Ke8"), 1, W)


def test_spell_call_round_trips_through_journal_data() -> None:
    call = SpellCall(Spell.HOSTILE, B, P("Nc6"), target=P("Nd4"), announced=capture("Bb5", "Nc6"),
                     attacked_by=(P("Bb5"), P("Nd4")))
    assert SpellCall.from_data(call.to_data()) == call
    assert Spell.parse("Ostile") is Spell.HOSTILE and Spell.parse("tattico") is Spell.TACTICAL


# -- the ledger in the station ----------------------------------------------------------------
def test_station_records_who_cast_what_when(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(6_000)
    assert station.cast_spell(tactical())
    cast = station.state.spells.casts[0]
    assert (cast.turn, cast.on_move, cast.call.caster, cast.call.target) == (1, W, P("e7"), P("Qd1"))
    assert cast.at_ms == clock.now_ms() and cast.game_remaining_ms == 1_194_000
    assert station.view().obligation is not None and station.view().obligation.text == "Qd1 must move"
    assert station.view().spells_left[B] == (Spell.HOSTILE, Spell.DEFENSIVE)


def test_station_refuses_a_second_spell_in_the_turn_with_the_reason(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    station.cast_spell(tactical())
    out = station.cast_spell(SpellCall(Spell.TACTICAL, W, P("e2"), target=P("Qd8")))
    assert out.refused is Refused.SPELL and out.message == "a spell cannot answer a spell"


def test_obligation_ends_with_the_turn(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    station.cast_spell(tactical())
    clock.advance(3_000)
    station.end_move()
    assert station.state.obligation is None


def test_no_spell_while_paused_or_before_the_start(station: RefereeStation) -> None:
    assert station.cast_spell(tactical()).refused is Refused.NOT_BEGUN
    station.begin()
    station.pause()
    assert station.cast_spell(tactical()).refused is Refused.PAUSED


def test_rules_engine_can_veto_a_spell(log) -> None:
    def check(call: SpellCall, state) -> str | None:
        return "it would put White's King in check" if call.target == P("Qd1") else None

    st = RefereeStation.new(log, House("A"), House("B"), spell_check=check)
    st.begin()
    out = st.cast_spell(tactical())
    assert out.refused is Refused.SPELL and "check" in out.message
    assert st.cast_spell(tactical(target="Nb1"))


def test_undo_gives_the_spell_back(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    station.cast_spell(tactical())
    station.undo()
    assert station.state.spells.casts == () and station.state.obligation is None


def test_enchanted_victory_after_a_spell(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    station.cast_spell(tactical())
    assert station.enter_result(GameResult(ResultKind.ENCHANTED, B))
    assert station.state.result.ranking_points(B) == 2 and station.state.result.ranking_points(W) == 0


def test_spell_does_not_reset_the_move_clock_unless_the_option_says_so(log, clock: FakeClock) -> None:
    st = RefereeStation.new(log, House("A"), House("B"), timing=MagiciTiming(spell_resets_move_clock=True))
    st.begin()
    clock.advance(20_000)
    st.cast_spell(tactical())
    assert st.view().move_remaining_ms == 30_000


def test_spell_keeps_the_move_clock_by_default(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(20_000)
    station.cast_spell(tactical())
    assert station.view().move_remaining_ms == 10_000


def test_checkmate_right_after_a_spell_is_suggested_as_enchanted(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    assert station.state.checkmate_kind() is ResultKind.CHECKMATE
    station.cast_spell(tactical())  # turn 1, white on move, forced to move its Queen
    clock.advance(4_000)
    station.end_move()  # the mating move was white's forced move
    assert station.state.checkmate_kind() is ResultKind.ENCHANTED
    clock.advance(4_000)
    station.end_move()
    assert station.state.checkmate_kind() is ResultKind.CHECKMATE
