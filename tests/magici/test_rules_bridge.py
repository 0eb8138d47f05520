"""The station asks the rules engine about a spell when the position is known."""

from __future__ import annotations

from companion.magici.model import House, Piece, Side
from companion.magici.rules_bridge import spell_check_from_rules
from companion.magici.spells import Announcement, Spell, SpellCall
from companion.magici.station import RefereeStation, Refused
from companion.rules import get_variant

P = Piece.parse
# Black to move: the Bishop a5 and the Rook c8 both attack the white Knight c3; the Rook h5 does not.
FEN = "2r1k3/8/8/b6r/8/2N5/8/4K3 b - - 0 1"


def station_on(log, fen: str | None) -> RefereeStation:
    pos = get_variant("magici").from_fen(fen) if fen else None
    st = RefereeStation.new(log, House("Grifondoro"), House("Serpeverde"), first=Side.BLACK,
                            spell_check=spell_check_from_rules(lambda: pos))
    st.begin()
    return st


def hostile(capturer: str) -> SpellCall:
    return SpellCall(Spell.HOSTILE, Side.WHITE, P("Nc3"), target=P(capturer), announced=Announcement(P("Ba5"), P("Nc3")))


def test_hostile_forcing_a_piece_that_attacks_the_caster_is_allowed(log) -> None:
    assert station_on(log, FEN).cast_spell(hostile("Rc8"))


def test_hostile_forcing_a_piece_that_cannot_capture_the_caster_is_vetoed(log) -> None:
    out = station_on(log, FEN).cast_spell(hostile("Rh5"))
    assert out.refused is Refused.SPELL and "Rh5 cannot legally capture on c3" in out.message


def test_announcement_that_is_no_legal_capture_is_vetoed(log) -> None:
    call = SpellCall(Spell.DEFENSIVE, Side.WHITE, P("Nc3"), announced=Announcement(P("Rh5"), P("Nc3")))
    out = station_on(log, FEN).cast_spell(call)
    assert out.refused is Refused.SPELL and "Rh5 has no legal move that captures Nc3" in out.message


def test_tactical_naming_an_empty_square_is_vetoed_by_the_position(log) -> None:
    out = station_on(log, FEN).cast_spell(SpellCall(Spell.TACTICAL, Side.WHITE, P("Nc3"), target=P("Qd8")))
    assert out.refused is Refused.SPELL and "d8 has none" in out.message


def test_without_a_position_the_ledger_alone_decides(log) -> None:
    assert station_on(log, None).cast_spell(hostile("Rh5"))
