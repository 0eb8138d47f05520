"""The touch boards' strings, Italian first, and the engine's reasons in both languages.

The rules engine explains a refused move in English (``"a rook cannot move from a1 to b3"``),
with a code and its values (a :class:`~companion.rules.refusal.Refusal`: ``move.cannot_move``,
``kind``, ``origin``, ``target``). :func:`translate_reason` turns a code it knows into the app's
language; a reason with no known code is matched against the engine's known sentences (the older
way, kept as the fallback), and any other text is left as the engine wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from companion.i18n import register

register(
    {
        "board.side.white": ("Bianco", "White"),
        "board.side.black": ("Nero", "Black"),
        "board.to_move": ("Muove il {side}", "{side} to move"),
        "board.to_move_name": ("Muove {side}", "{side} to move"),
        "board.move_number": ("Mossa {n}", "Move {n}"),
        "board.history": ("Mosse", "Moves"),
        "board.no_moves_yet": ("Nessuna mossa", "No moves yet"),
        "board.undo": ("Annulla mossa", "Undo"),  # "Annulla" alone is only ever Cancel
        "board.redo": ("Ripeti", "Redo"),
        "board.export": ("Esporta", "Export"),
        "board.referee": ("Arbitro", "Referee"),
        "board.flip": ("Gira", "Flip"),
        "board.new_game": ("Nuova partita", "New game"),
        "board.new_game_confirm": ("Chiudere questa partita e iniziarne una nuova?",
                                   "Close this game and start a new one?"),
        "board.over.abandoned": ("Partita interrotta", "Game abandoned"),
        "board.cancel": ("Annulla", "Cancel"),
        "board.stop_here": ("Fermati qui", "Stop here"),
        "board.choose": ("Scegli la mossa", "Choose the move"),
        "board.choose_promotion": ("Promuovi a {piece}", "Promote to {piece}"),
        "board.no_promotion": ("Nessuna promozione", "No promotion"),
        "board.choose_relocation": ("Sposta in {cell}", "Move it to {cell}"),
        "board.chain_hint": ("Salto: tocca la casa successiva o «Fermati qui»",
                             "Jump: tap the next square or \u201cStop here\u201d"),
        "board.relocate_hint": ("Il soldato va spostato: tocca la casa libera dove metterlo",
                                "The soldier must be moved: tap the empty square to put it on"),
        "board.hint": ("Tocca un pezzo, poi la casa di arrivo (o trascinalo)",
                       "Tap a piece, then its target square (or drag it)"),
        "board.exported": ("Partita esportata in {path}", "Game exported to {path}"),
        "board.export_failed": ("Esportazione non riuscita: {error}", "Export failed: {error}"),
        "board.nothing_to_undo": ("Niente da annullare qui", "Nothing to undo here"),
        "board.nothing_to_redo": ("Niente da ripetere", "Nothing to redo"),
        "board.undo_at_station": ("L'ultima azione è della stazione: annullala là",
                                  "The last action belongs to the station: undo it there"),
        "board.replay_error": ("Partita non ricostruibile: {error}", "Game cannot be rebuilt: {error}"),
        "board.over.checkmate": ("Scacco matto: vince il {side}", "Checkmate: {side} wins"),
        "board.over.stalemate": ("Stallo: patta", "Stalemate: draw"),
        "board.over.kings_captured": ("Entrambi i Re catturati: vince il {side}",
                                      "Both Kings captured: {side} wins"),
        "board.over.agreement": ("Patta per accordo", "Draw by agreement"),
        "board.over.men_captured": ("Tutte le pedine catturate: vince il {side}", "All men captured: {side} wins"),
        "board.over.pieces_captured": ("Tutti i pezzi catturati: vince il {side}",
                                       "All pieces captured: {side} wins"),
        "board.over.shah_captured": ("Scià catturato: vince il {side}", "Shah captured: {side} wins"),
        "board.over.no_moves": ("Nessuna mossa possibile: vince il {side}", "No move left: {side} wins"),
        "board.over.citadel": ("Scià nella cittadella nemica: patta", "Shah in the enemy citadel: draw"),
        "board.over.resignation": ("Abbandono: vince il {side}", "Resignation: {side} wins"),
        "board.over.other": ("Partita finita: {result}", "Game over: {result}"),
        "board.over.time": ("Tempo di gioco scaduto: patta", "Game time is up: draw"),
        "board.check": ("Scacco!", "Check!"),
        "board.shah_attacked": ("Attenzione: lo Scià del {side} è sotto attacco",
                                "Careful: {side}'s Shah is under attack"),
        "board.shah_left_attacked": (
            "Attenzione: lo Scià del {side} ora può essere catturato (annulla se è un errore)",
                                     "Careful: {side}'s Shah can now be taken (undo if it was a mistake)"),
        "board.ref.title": ("Decisioni dell'arbitro", "Referee decisions"),
        "board.ref.draw": ("Patta per accordo", "Agreed draw"),
        "board.ref.resign": ("Abbandona il {side}", "{side} resigns"),
        "board.ref.queen": ("Sostituisci 3 pedine con una Donna", "Replace 3 men with a Queen"),
        "board.ref.queen_hint": ("Tocca 3 pedine di un colore o di ciascuno (Bianco {white}/3, Nero {black}/3)",
                                 "Tap 3 men of one side or of each (White {white}/3, Black {black}/3)"),
        "board.ref.queen_three": ("Già 3 pedine per questo colore: toccane una per toglierla",
                                  "Already 3 men of this side: tap one to take it out"),
        "board.ref.queen_confirm": ("Conferma", "Confirm"),
        "board.ref.queen_cancel": ("Rinuncia", "Cancel"),
        "board.ref.queen_where": ("Dove va la Donna del {side}?", "Where does {side}'s Queen stand?"),
        "board.ref.queen_on": ("Donna in {cell}", "Queen on {cell}"),
        "board.ref.queen_not_allowed": (
            "Sostituzione non ammessa: in campo possono restare solo i Re, eventualmente gli Alfieri, e le pedine",
            "Replacement not allowed: only the Kings, maybe Bishops, and men may remain"),
        "board.ref.queen_few_men": (
            "Sostituzione non ammessa: servono almeno {min} pedine per parte (il {side} ne ha {n})",
            "Replacement not allowed: each side needs at least {min} men ({side} has {n})"),
        "board.ref.queen_not_man": ("{cell}: tocca una pedina", "{cell}: tap a man"),
        "board.history.draw_agreed": ("patta", "draw"),
        "board.history.resign": ("abbandono", "resigns"),
        "board.history.queen_replacement": ("3 pedine → Donna", "3 men → Queen"),
        "board.history.pass": ("dadi persi", "dice lost"),
        "board.history.pass_turn": ("passa (tempo)", "passes (time)"),
        "board.ref.pass": ("Il {side} passa il turno (tempo scaduto)", "{side} passes the turn (time out)"),
        "board.reason.no_pass": ("In questo gioco il turno non si passa", "In this game the turn cannot be passed"),
        "board.reason.pass_in_check": ("Sotto scacco non si può passare il turno: bisogna parare lo scacco",
                                       "A team in check cannot let the turn pass: it must get out of check"),
        # rule options before a new game
        "board.options.title": ("{game}: regole", "{game}: rules"),
        "board.options.start": ("Inizia la partita", "Start the game"),
        "board.options.defaults": ("Regole predefinite", "Default rules"),
        "board.options.hint": ("Tocca un valore per cambiarlo", "Tap a value to change it"),
        "board.options.none": ("Questo gioco non ha varianti di regola", "This game has no rule options"),
        "board.options.yes": ("Sì", "Yes"),
        "board.options.no": ("No", "No"),
        "board.options.die": ("Dado {face} muove", "Die {face} moves"),
        "board.opt.elolbia.edge_rule": ("Regola delle pedine sul bordo", "Edge-squares rule"),
        "board.opt.clupso.promotion_optional": ("Promozione delle pedine facoltativa", "Men's promotion is optional"),
        "board.opt.clupso.clupso_end": ("Vince chi cattura", "The winner captures"),
        "board.optval.clupso.clupso_end.all": ("Tutti i pezzi e le pedine", "Every piece and man"),
        "board.optval.clupso.clupso_end.men": ("Tutte le pedine", "Every man"),
        "board.opt.elolbia.queen_replacement_men": ("Donne per accordo: pedine minime per lato",
                                                    "Agreed Queens: least men a side"),
        "board.optval.elolbia.queen_replacement_men.5": ("5 (più di 4)", "5 (more than 4)"),
        "board.optval.elolbia.queen_replacement_men.4": ("4 («3 delle 4»)", "4 (“3 of the 4”)"),
        "board.opt.duere.dead_die": ("Dado senza mossa possibile", "A die with no possible move"),
        "board.optval.duere.dead_die.die": ("Si perde quel dado", "That die is lost"),
        "board.optval.duere.dead_die.turn": ("Si perde il turno", "The whole turn is lost"),
        "board.opt.camerlano.giraffe": ("Giraffa dopo il passo in diagonale", "Giraffe after its diagonal step"),
        "board.optval.camerlano.giraffe.classical": ("Dritta in orizzontale o verticale",
                                                     "Straight along a rank or file"),
        "board.optval.camerlano.giraffe.seed": ("In diagonale (testo del gioco)", "Diagonally (the seed's text)"),
        "board.opt.magici.returned_pawn_double_step": ("Pedone tornato avanti: doppio passo",
                                                       "Returned pawn may double-step"),
        "board.opt.magici.turned_pawns_take_en_passant": ("Pedoni girati catturano en passant",
                                                          "Turned pawns take en passant"),
        "board.opt.camerlano.giraffe_minimum": ("Giraffa: case minime dopo la svolta",
                                                "Giraffe: least squares after the bend"),
        "board.opt.camerlano.bishop_minimum": ("Alfiere: case minime", "Bishop: least squares"),
        "board.opt.camerlano.exchange": ("Scambio dello Scià", "The Shah's exchange"),
        "board.opt.camerlano.citadel": ("Cittadella nemica", "The enemy citadel"),
        "board.opt.camerlano.promotion": ("Promozione del soldato", "Soldier's promotion"),
        "board.optval.camerlano.giraffe_minimum.1": ("1 (regola del gioco)", "1 (the game's rule)"),
        "board.optval.camerlano.giraffe_minimum.3": ("3 (classica)", "3 (classical)"),
        "board.optval.camerlano.bishop_minimum.1": ("1 (regola del gioco)", "1 (the game's rule)"),
        "board.optval.camerlano.bishop_minimum.2": ("2 (classica)", "2 (classical)"),
        "board.optval.camerlano.exchange.free": ("Libero, una volta", "Free, once"),
        "board.optval.camerlano.exchange.escape_check": ("Solo con lo Scià attaccato", "Only when attacked"),
        "board.optval.camerlano.citadel.reserved": ("Vietata (regola del gioco)", "Forbidden (the game's rule)"),
        "board.optval.camerlano.citadel.classical": ("Entrarci è patta (classica)", "Entering it draws (classical)"),
        "board.optval.camerlano.promotion.file": ("Pezzo della colonna d'arrivo", "Piece of the arrival file"),
        "board.optval.camerlano.promotion.name": ("Pezzo di cui porta il nome", "Piece it is named after"),
        # reasons for a refused input
        "board.reason.over": ("La partita è finita", "The game is over"),
        "board.reason.empty": ("Nessun pezzo in {cell}", "No piece on {cell}"),
        "board.reason.not_yours": ("Il pezzo in {cell} non è tuo: tocca all'avversario",
                                   "The piece on {cell} is not yours: it is the other side's turn"),
        "board.reason.no_moves": ("Il pezzo in {cell} non ha mosse legali", "The piece on {cell} has no legal move"),
        "board.reason.not_a_move": ("{move} non è una mossa legale", "{move} is not a legal move"),
        "board.reason.own_piece": ("{cell} è occupata da un tuo pezzo", "{cell} is occupied by your own piece"),
        "board.reason.cannot_move": ("{kind}: non può andare da {origin} a {target}",
                                     "A {kind} cannot move from {origin} to {target}"),
        "board.reason.king_check": ("Il tuo Re sarebbe sotto scacco", "Your king would be in check"),
        "board.reason.in_check": ("Il tuo Re è sotto scacco e questa mossa non lo salva",
                                  "Your king is in check and this move does not get it out"),
        "board.reason.pinned": ("Il tuo Re sarebbe sotto scacco (il pezzo è inchiodato)",
                                "Your king would be in check (the piece is pinned)"),
        "board.reason.castle_lost": ("Non puoi più arroccare da quel lato", "You may no longer castle on that side"),
        "board.reason.castle_blocked": ("Per arroccare le case tra Re e Torre devono essere vuote",
                                        "Castling needs the cells between King and Rook empty"),
        "board.reason.castle_check": ("Non puoi arroccare sotto scacco", "You cannot castle out of check"),
        "board.reason.castle_attacked": ("Il Re passerebbe o finirebbe su una casa attaccata",
                                         "The King would pass through or land on an attacked cell"),
        "board.reason.king_step": ("Il Re muove di una casa (due solo arroccando)",
                                   "A King moves one cell (two only when castling)"),
        "board.reason.blocked": ("Da {origin} a {target} la strada è bloccata in {cell}",
                                 "The way from {origin} to {target} is blocked on {cell}"),
        "board.reason.man_jump": (
            "La pedina salta in diagonale un pezzo vicino atterrando subito dietro: {move} non è un salto",
            "A man jumps diagonally over an adjacent piece onto the cell right behind it: {move} is not a jump"),
        "board.reason.nothing_to_jump": ("Nessun pezzo da saltare in {cell}", "There is no piece on {cell} to jump"),
        "board.reason.jump_own": ("In {cell} c'è un tuo pezzo: la pedina salta solo pezzi avversari",
                                  "{cell} holds your own piece: a man jumps only enemy pieces"),
        "board.reason.jumped_twice": ("Il pezzo in {cell} è già stato saltato in questa mossa",
                                      "The piece on {cell} has already been jumped in this move"),
        "board.reason.landing_taken": ("La casa di arrivo {cell} non è libera",
                                       "The landing cell {cell} is not empty"),
        "board.reason.edge_rule": (
            "Regola dei bordi: più di metà delle tue pedine starebbe sul bordo, e hai altre mosse",
            "Edge rule: more than half of your men would stand on edge cells while you have another move"),
        "board.reason.no_castling": ("Il Re muove di una casa: niente arrocco in questo gioco",
                                     "A King moves one cell: there is no castling in this game"),
        "board.reason.unreadable": ("«{text}» non è una mossa: scrivila da-a, per esempio e2e4",
                                    "“{text}” is not a move: write it from-to, e.g. e2e4"),
        "board.reason.no_cell": ("Non c'è una casa chiamata «{cell}»", "There is no cell called “{cell}”"),
        # Camerlano
        "board.reason.relocate_needed": ("Il soldato in {cell} va spostato: tocca una casa libera",
                                         "The soldier on {cell} must be moved: tap an empty cell"),
        "board.reason.relocate_not_now": ("Arrivo n. {n} sulla colonna dello Scià: il soldato resta lì",
                                          "Arrival {n} on the Shah's file: the soldier stays there"),
        "board.reason.relocate_off_board": ("Il soldato va in una casa libera della scacchiera",
                                            "The soldier goes to an empty cell of the board"),
        "board.reason.relocate_occupied": ("{cell} non è libera: il soldato va in una casa libera",
                                           "{cell} is not empty: the soldier goes to an empty cell"),
        "board.reason.prince_no_exchange": ("Il Principe non ha lo scambio: solo lo Scià scambia di posto",
                                            "A Prince has no exchange: only the Shah has one"),
        "board.reason.exchange_used": ("Il tuo Scià ha già usato il suo unico scambio",
                                       "Your Shah has already used its one exchange"),
        "board.reason.exchange_citadel": ("Lo scambio dello Scià non tocca mai le cittadelle",
                                          "The Shah's exchange never involves a citadel"),
        "board.reason.exchange_escape_only": ("Con questa regola lo Scià si scambia solo se attaccato",
                                              "Under this rule the Shah exchanges only if attacked"),
        "board.reason.citadel_royal_only": ("{cell} è del {side}: ci entrano solo il suo Scià o Principe",
                                            "{cell} is {side}'s citadel: only its Shah or Prince enters"),
        "board.reason.citadel_reserved": ("{cell} è dello Scià del {side}: altri solo per catturare",
                                          "{cell} is {side}'s Shah's: others only to capture"),
        # Clupso
        "board.reason.promotion_rank": ("{cell} non è sulla tua traversa di promozione",
                                        "{cell} is not on your promotion rank"),
        "board.reason.promotion_letter": ("Una pedina può diventare Donna, Torre, Alfiere o Cavallo, non «{letter}»",
                                          "A man may become a Queen, Rook, Bishop or Knight, not “{letter}”"),
        "board.reason.promotion_none_captured": ("{kind}: nessun pezzo catturato da riportare in gioco",
                                                 "No captured {kind} to bring back"),
        "board.reason.promotion_compulsory": ("Con questa regola la promozione è obbligatoria",
                                              "Under this rule promotion is compulsory"),
        # piece names
        "piece.king": ("Re", "King"),
        "piece.queen": ("Donna", "Queen"),
        "piece.rook": ("Torre", "Rook"),
        "piece.bishop": ("Alfiere", "Bishop"),
        "piece.knight": ("Cavallo", "Knight"),
        "piece.pawn": ("Pedone", "Pawn"),
        "piece.man": ("Pedina", "Man"),
        "piece.shah": ("Scià", "Shah"),
        "piece.prince": ("Principe", "Prince"),
        "piece.vizier": ("Visir", "Vizier"),
        "piece.general": ("Generale", "General"),
        "piece.giraffe": ("Giraffa", "Giraffe"),
        "piece.elephant": ("Elefante", "Elephant"),
        "piece.camel": ("Cammello", "Camel"),
        "piece.war_engine": ("Macchina da guerra", "War engine"),
        "piece.soldier": ("Soldato", "Soldier"),
        "piece.any": ("qualsiasi pezzo", "any piece"),
        # Due Re
        "duere.side.white": ("Rosso", "Red"),
        "duere.side.black": ("Blu", "Blue"),
        "duere.roll": ("Lancia i dadi", "Roll the dice"),
        "duere.roll_app": ("con i dadi dell'app", "with the app's dice"),
        "duere.roll_hint": ("Lancia i dadi o tocca i valori dei dadi reali",
                            "Roll, or tap the faces of the real dice"),
        "duere.die_moves": ("{die} = {piece}", "{die} = {piece}"),
        "duere.die_lost": ("perso", "lost"),
        "duere.die_used": ("usato", "used"),
        "duere.dice_lost": ("Dadi {faces}: nessuna mossa possibile, il turno passa",
                            "Dice {faces}: no move possible, the turn passes"),
        "duere.turn_lost": ("Dadi {faces}: un dado non si può giocare, si perde il turno",
                            "Dice {faces}: a die cannot be played, the whole turn is lost"),
        "duere.die_lost_banner": ("Il dado {faces} è perso: nessun pezzo può usarlo",
                                  "Die {faces} is lost: no piece can use it"),
        "duere.use_die": ("Usa il {die} ({piece})", "Use the {die} ({piece})"),
        "duere.compulsory_note": ("Mossa obbligatoria: usa più dadi possibile",
                                  "Compulsory: use as many dice as you can"),
        "duere.reason.roll_first": ("Prima lancia i dadi", "Roll the dice first"),
        "duere.reason.already_rolled": ("Dadi già lanciati per questo turno", "The dice are already rolled this turn"),
        "duere.reason.bad_roll": ("Lancio non valido: {faces}", "Not a valid roll: {faces}"),
        "duere.reason.no_die": ("Quel pezzo non corrisponde ai dadi ({dice})",
                                "That piece does not match the dice ({dice})"),
        "duere.reason.moved_already": (
            "Il pezzo in {cell} ha già mosso in questo turno: ogni dado muove un pezzo diverso",
            "The piece on {cell} has already moved this turn: each die moves a different piece"),
        "duere.die_later": ("dopo l'altro dado", "after the other die"),
        "duere.reason.compulsory": (
            "Mossa obbligatoria: così un dado resterebbe inutilizzato, ma si possono usare entrambi",
            "Compulsory move: this would leave a die unused, but both dice can be used"),
        "game.magici-board": ("Scacchiera Magici", "Magici board"),
    }
)

_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^the game is over"), "board.reason.over"),
    (re.compile(r"^no piece on (?P<cell>\w+)$"), "board.reason.empty"),
    (re.compile(r"^the piece on (?P<cell>\w+) is not yours"), "board.reason.not_yours"),
    (re.compile(r"^(?P<cell>\w+) is occupied by your own piece$"), "board.reason.own_piece"),
    (re.compile(r"^an? (?P<kind>[\w ]+?) cannot move from (?P<origin>\w+) to (?P<target>\w+)$"),
     "board.reason.cannot_move"),
    (re.compile(r"^your king would be in check \(the piece is pinned\)$"), "board.reason.pinned"),
    (re.compile(r"^your king would be in check$"), "board.reason.king_check"),
    (re.compile(r"^your king is in check and this move"), "board.reason.in_check"),
    (re.compile(r"^you may no longer castle"), "board.reason.castle_lost"),
    (re.compile(r"^castling needs the cells"), "board.reason.castle_blocked"),
    (re.compile(r"^you cannot castle out of check"), "board.reason.castle_check"),
    (re.compile(r"^the King would pass through"), "board.reason.castle_attacked"),
    (re.compile(r"^a King moves one cell"), "board.reason.king_step"),
    (re.compile(r"^a team in check cannot let the turn pass"), "board.reason.pass_in_check"),
    (re.compile(r"^the way from (?P<origin>\w+) to (?P<target>\w+) is blocked on (?P<cell>\w+)$"),
     "board.reason.blocked"),
    (re.compile(r"^a man jumps diagonally over one adjacent piece.*: (?P<move>\w+) is not a jump$"),
     "board.reason.man_jump"),
    (re.compile(r"^there is no piece on (?P<cell>\w+) to jump$"), "board.reason.nothing_to_jump"),
    (re.compile(r"^(?P<cell>\w+) holds your own piece: a man jumps only enemy pieces$"), "board.reason.jump_own"),
    (re.compile(r"^the piece on (?P<cell>\w+) has already been jumped"), "board.reason.jumped_twice"),
    (re.compile(r"^the landing cell (?P<cell>\w+) is not empty$"), "board.reason.landing_taken"),
    (re.compile(r"^the edge-squares rule"), "board.reason.edge_rule"),
    (re.compile(r"^a King moves one cell: there is no castling"), "board.reason.no_castling"),
    (re.compile(r"^only the Kings, Bishops and men may be on the board"), "board.ref.queen_not_allowed"),
    (re.compile(r"^\w+ has \d+ men; each side needs more than"), "board.ref.queen_not_allowed"),
]


# The engine's refusal codes (see companion.rules.refusal) -> this table's keys.
CODE_KEYS: dict[str, str] = {
    "move.game_over": "board.reason.over",
    "move.empty": "board.reason.empty",
    "move.not_yours": "board.reason.not_yours",
    "move.own_piece": "board.reason.own_piece",
    "move.blocked": "board.reason.blocked",
    "move.cannot_move": "board.reason.cannot_move",
    "move.not_legal": "board.reason.not_a_move",
    "move.king_check": "board.reason.king_check",
    "move.in_check": "board.reason.in_check",
    "move.pinned": "board.reason.pinned",
    "move.castle_lost": "board.reason.castle_lost",
    "move.castle_blocked": "board.reason.castle_blocked",
    "move.castle_check": "board.reason.castle_check",
    "move.castle_attacked": "board.reason.castle_attacked",
    "move.king_step": "board.reason.king_step",
    "move.unreadable": "board.reason.unreadable",
    "move.no_target": "board.reason.unreadable",
    "move.no_cell": "board.reason.no_cell",
    "pass.in_check": "board.reason.pass_in_check",
    "move.man_jump": "board.reason.man_jump",
    "move.nothing_to_jump": "board.reason.nothing_to_jump",
    "move.jump_own": "board.reason.jump_own",
    "move.jumped_twice": "board.reason.jumped_twice",
    "move.landing_taken": "board.reason.landing_taken",
    "move.edge_rule": "board.reason.edge_rule",
    "move.no_castling": "board.reason.no_castling",
    "queen.other_piece": "board.ref.queen_not_allowed",
    "queen.few_men": "board.ref.queen_few_men",
    "move.relocate_needed": "board.reason.relocate_needed",
    "move.relocate_not_now": "board.reason.relocate_not_now",
    "move.relocate_off_board": "board.reason.relocate_off_board",
    "move.relocate_occupied": "board.reason.relocate_occupied",
    "move.prince_no_exchange": "board.reason.prince_no_exchange",
    "move.exchange_used": "board.reason.exchange_used",
    "move.exchange_citadel": "board.reason.exchange_citadel",
    "move.exchange_escape_only": "board.reason.exchange_escape_only",
    "move.citadel_royal_only": "board.reason.citadel_royal_only",
    "move.citadel_reserved": "board.reason.citadel_reserved",
    "move.promotion_rank": "board.reason.promotion_rank",
    "move.promotion_letter": "board.reason.promotion_letter",
    "move.promotion_none_captured": "board.reason.promotion_none_captured",
    "move.promotion_compulsory": "board.reason.promotion_compulsory",
}


def piece_name(t: Callable[..., str], kind: str) -> str:
    """The translated name of a piece kind (the kind itself if the table lacks it)."""
    key = f"piece.{kind.replace(' ', '_')}"
    text = t(key)
    return kind if text == key else text


def translate_reason(t: Callable[..., str], key: str, values: dict[str, object]) -> str:
    """A refusal in the app's language: ``key`` is a table key, or ``engine`` with the
    engine's ``text``, translated by its code (``values["code"]``/``values["params"]``, or the
    code the text itself carries), else when one of the known patterns matches.

    >>> from companion.i18n import Translator
    >>> from companion.rules import Refusal
    >>> reason = Refusal("a knight cannot move from g1 to g3", "move.cannot_move", kind="knight",
    ...                  origin="g1", target="g3")
    >>> translate_reason(Translator("it"), "engine", {"text": reason})
    'Cavallo: non può andare da g1 a g3'
    >>> translate_reason(Translator("it"), "engine", {"text": "a knight cannot move from g1 to g3"})
    'Cavallo: non può andare da g1 a g3'
    """
    if key != "engine":
        shown = dict(values)
        if "kind" in shown:
            shown["kind"] = piece_name(t, str(shown["kind"]))
        if isinstance(shown.get("dice"), (list, tuple)):  # Due Re: (face, piece) pairs
            shown["dice"] = ", ".join(f"{face} = {piece_name(t, str(family))}" for face, family in shown["dice"])
        return t(key, **shown)
    raw = values.get("text", "")
    code = values.get("code") or getattr(raw, "code", None)
    if code in CODE_KEYS:
        params = dict(values.get("params") or getattr(raw, "params", {}))
        if "kind" in params:
            params["kind"] = piece_name(t, str(params["kind"]))
        if params.get("side") in ("white", "black"):
            params["side"] = t(f"board.side.{params['side']}")
        return t(CODE_KEYS[str(code)], **params)
    text = str(raw)
    for pattern, table_key in _PATTERNS:
        m = pattern.search(text)
        if m:
            found = m.groupdict()
            if "kind" in found:
                found["kind"] = piece_name(t, found["kind"])
            return t(table_key, **found)
    return text


# The camera button in the board's header ("follow with camera", issue 8).
register(
    {
        "board.camera.button": ("Telecamera", "Camera"),
        "board.camera.title": ("Telecamera", "Camera"),
        "board.camera.follow_on": ("Segui la partita con la telecamera", "Follow the game with the camera"),
        "board.camera.follow_off": ("Smetti di seguire con la telecamera", "Stop following with the camera"),
        "board.camera.view": ("Vista della telecamera", "Camera view"),
        "board.camera.calibrate": ("Calibra la telecamera", "Calibrate the camera"),
        "board.camera.board_right": ("La scacchiera è giusta: riparti da qui",
                                     "The board is right: start from here"),
        "board.camera.started_again": ("La telecamera riparte dalla posizione sullo schermo",
                                       "The camera starts again from the position on the screen"),
        "board.camera.none": ("Nessuna telecamera collegata: continua a toccare la scacchiera. Per usare "
                              "una telecamera, chi ha installato l'app deve collegarla",
                              "No camera is connected: keep playing by touching the board. To use a camera, "
                              "whoever set up the app must connect one"),
        "board.camera.following": ("La telecamera segue la partita", "The camera follows the game"),
        "board.camera.stopped": ("La telecamera non segue più la partita", "The camera no longer follows the game"),
        "board.camera.which": ("Quale mossa è stata fatta?", "Which move was made?"),
        "board.camera.which_die": ("Telecamera: {move}, con quale dado?",
                                   "Camera: {move}, with which die?"),
        "board.camera.which_run": ("Mosse fatte di fila: sono queste?", "Were these the moves made?"),
        "board.camera.which_some": ("Quali mosse sono state fatte?", "Which moves were made?"),
        "board.camera.check": ("Telecamera: controlla le case {squares}", "Camera: check squares {squares}"),
        "board.camera.together": ("Telecamera: {n} mosse viste insieme, fatte di fila ({moves}): controlla "
                                  "che siano giuste", "Camera: {n} moves seen together, made in a row "
                                  "({moves}): check they are right"),
        "board.camera.held": ("Telecamera: vista {moves}, in attesa. {reason}: sarà inserita appena "
                              "l'orologio lo permette", "Camera: saw {moves}, waiting. {reason}: "
                              "entered as soon as the clock allows"),
        "board.camera.held_run": ("Telecamera: viste {moves}, in attesa. {reason}: saranno inserite "
                                  "appena l'orologio lo permette", "Camera: saw {moves}, waiting. "
                                  "{reason}: entered as soon as the clock allows"),
        "board.camera.no_moves": ("Telecamera: nessuna mossa possibile ora (lancia i dadi?); case {squares}",
                                  "Camera: no move can be played now (roll the dice?); squares {squares}"),
    }
)
