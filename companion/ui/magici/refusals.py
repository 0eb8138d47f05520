"""The rules engine's refusals (army purchase and placement, spells) in the referee's language.

The engine gives each reason as a :class:`~companion.rules.refusal.Refusal`: the English
sentence with a ``code`` and its values. :func:`refusal_text` looks the code up in this table
and fills in the values (piece, side and spell names translated); a reason whose code the table
lacks, or a plain sentence, is shown as the engine wrote it.

>>> from companion.i18n import Translator
>>> from companion.rules.magici_army import check_purchase
>>> [reason] = check_purchase({"queen": 1, "bishop": 2, "pawn": 3})
>>> refusal_text(Translator("it"), reason)
"L'esercito costa 13 punti, ma una Casata ne ha 12"
>>> refusal_text(Translator("it"), "a sentence with no code")
'a sentence with no code'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import register
from companion.ui.board import strings as board_strings

# code -> (Italian, English); ``{kind}``, ``{side}`` and ``{spell}`` are given translated.
REFUSALS: dict[str, tuple[str, str]] = {
    # buying an army
    "army.king_count": ("Il Re è gratuito ed è uno solo, non {n}",
                        "The King is free and there is exactly one, not {n}"),
    "army.not_for_sale": ("«{kind}» non si compra: solo Pedone, Torre, Cavallo, Alfiere e Donna",
                          "\u201c{kind}\u201d cannot be bought: only Pawn, Rook, Knight, Bishop and Queen"),
    "army.bad_count": ("{kind}: il numero dev'essere intero e non negativo, non {n}",
                       "{kind}: the number must be a whole number >= 0, not {n}"),
    "army.too_many_of_kind": ("{kind}: al massimo {max}, come in una scatola di scacchi (non {n})",
                              "{kind}: at most {max}, as in a chess set (not {n})"),
    "army.too_costly": ("L'esercito costa {cost} punti, ma una Casata ne ha {points}",
                        "The army costs {cost} points, but a House has {points}"),
    "army.too_many_pieces": ("{n} pezzi oltre al Re: al massimo {max}", "{n} pieces besides the King: at most {max}"),
    # placing it
    "army.not_a_piece": ("{cell}: «{text}» non è un pezzo degli scacchi",
                         "{cell}: \u201c{text}\u201d is not a chess piece"),
    "army.wrong_cell": ("{kind} del {side} in {cell}: può stare solo in {cells}",
                        "{side} {kind} on {cell}: it may only stand on {cells}"),
    "army.wrong_rank": ("{kind} del {side} in {cell}: può stare solo sulla traversa {rank}",
                        "{side} {kind} on {cell}: it may only stand on rank {rank}"),
    # casting a spell on the board's position
    "spell.game_over": ("La partita è finita", "The game is over"),
    "spell.own_turn": ("Un incantesimo si lancia nel turno dell'avversario, non nel proprio",
                       "A spell is cast during the opponent's turn, not your own"),
    "spell.one_per_turn": ("Al massimo un incantesimo per turno, e nessuno in risposta a un incantesimo",
                           "At most one spell per turn, and none in answer to a spell"),
    "spell.already_used": ("Il {side} ha già usato l'incantesimo {spell}",
                           "{side} has already used the {spell} spell"),
    "spell.caster_not_yours": ("Il pezzo in {cell} che lancia l'incantesimo dev'essere del {side}",
                               "The caster on {cell} must be a piece of {side}"),
    "spell.king_casts": ("Il Re non lancia mai incantesimi", "The King never casts a spell"),
    "spell.needs_announcement": ("L'incantesimo {spell} risponde a una mossa annunciata",
                                 "The {spell} spell answers an announced move"),
    "spell.tactical_before_announcement": ("L'incantesimo Tattico si lancia prima che la mossa sia annunciata",
                                           "The Tactical spell is cast before a move is announced"),
    "spell.hostile_needs_capture": ("L'incantesimo Ostile risponde a una cattura annunciata",
                                    "The Hostile spell answers an announced capture"),
    "spell.caster_not_attacked": ("Il pezzo in {cell} non è attaccato", "The caster on {cell} is not attacked"),
    "spell.no_other_capturer": ("Nessun pezzo, oltre a quello annunciato, può catturare legalmente in {cell}",
                                "No piece but the announced one may legally capture on {cell}"),
    "spell.defensive_victim_elsewhere": (
        "L'incantesimo Difensivo lo lancia il pezzo che verrebbe catturato: quello in {cell}",
        "The Defensive spell is cast by the piece the announced move would capture: the one on {cell}"),
    "spell.defensive_nothing_taken": (
        "L'incantesimo Difensivo lo lancia il pezzo che verrebbe catturato, ma {cell} è vuota",
        "The Defensive spell is cast by the piece the announced move would capture, but {cell} is empty"),
    "spell.no_other_piece_moves": ("Nessun altro pezzo può muovere", "No other piece can move"),
    "spell.tactical_needs_name": ("L'incantesimo Tattico indica il pezzo che deve muovere",
                                  "The Tactical spell names the piece that must move"),
    "spell.tactical_no_enemy": ("L'incantesimo Tattico indica un pezzo avversario, ma in {cell} non ce n'è",
                                "The Tactical spell names an enemy piece, but there is none on {cell}"),
    "spell.king_target": ("Il Re non è mai il bersaglio di un incantesimo", "The King is never the target of a spell"),
    "spell.named_piece_stuck": ("Il pezzo in {cell} non ha mosse legali", "The piece on {cell} has no legal move"),
}

register({f"refusal.{code}": pair for code, pair in REFUSALS.items()})
register({"refusal.for_side": ("{side}: {text}", "{side}: {text}")})


def _shown(t: Callable[..., str], params: Mapping[str, Any]) -> dict[str, Any]:
    """The values as the referee reads them: piece, side and spell names translated."""
    shown = dict(params)
    if "kind" in shown:
        shown["kind"] = board_strings.piece_name(t, str(shown["kind"]))
    if shown.get("side") in ("white", "black"):
        shown["side"] = t(f"magici.side.{shown['side']}")
    if shown.get("spell") in ("hostile", "defensive", "tactical"):
        shown["spell"] = t(f"magici.spell.{shown['spell']}")
    return shown


def refusal_text(t: Callable[..., str], reason: object) -> str:
    """A refusal in the app's language; the engine's English for a code the table lacks."""
    code = getattr(reason, "code", None)
    if code is None:
        return str(reason)
    params: Mapping[str, Any] = getattr(reason, "params", {})
    if code in REFUSALS:
        shown = _shown(t, params)
        text = t(f"refusal.{code}", **shown)
        if "side" in params and "{side}" not in REFUSALS[code][0]:  # a purchase said of one army
            text = t("refusal.for_side", side=shown["side"], text=text)
        return text
    translated = board_strings.translate_reason(t, "engine", {"text": reason})  # a move's reason
    return translated


__all__ = ["REFUSALS", "refusal_text"]
