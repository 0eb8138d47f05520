"""Every Scacchi Magici screen in a representative state, for ``companion screenshot``.

The demo app's journal is a throw-away one; its wall clock is replaced by a fake one here so
the clocks show a fixed, meaningful time (a game in progress, a championship half played).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.clock import FakeClock
from companion.magici.championship import SCHEDULE, Championship, fixture
from companion.magici.model import DEFAULT_HOUSES, Piece, PieceKind, ResultKind, Side, SideStats
from companion.magici.spells import Announcement, Spell, SpellCall
from companion.magici.station import RefereeStation
from companion.magici.timing import ClockKind
from companion.ui.magici.common import CHAMPIONSHIP_GAME, GAME, ChampionshipLink
from companion.ui.registry import register_screen

if TYPE_CHECKING:
    from companion.app import App
    from companion.ui.screen import Screen

DEMO_START_MS = 1_795_000_000_000

# A whole championship: Grifondoro first, Serpeverde and Tassorosso level in every respect
# (sharing 2nd and 3rd: 25 house points each, as in the seed's example), Corvonero last.
DEMO_RESULTS: tuple[tuple[int, int, ResultKind, int | None, SideStats, SideStats], ...] = (
    (1, 1, ResultKind.CHECKMATE, 0, SideStats(1, 5, 7), SideStats(2, 3, 4)),
    (1, 2, ResultKind.CHECKMATE, 2, SideStats(1, 4, 6), SideStats(1, 2, 3)),
    (2, 1, ResultKind.ENCHANTED, 0, SideStats(2, 4, 6), SideStats(1, 2, 3)),
    (2, 2, ResultKind.CHECKMATE, 1, SideStats(0, 1, 2), SideStats(1, 4, 6)),
    (3, 1, ResultKind.DRAW_TIME, None, SideStats(1, 2, 5), SideStats(0, 2, 5)),
    (3, 2, ResultKind.DRAW_AGREEMENT, None, SideStats(1, 3, 5), SideStats(2, 4, 6)),
)


def _must(outcome: object) -> None:
    """A demo's action must be accepted, or the picture would silently show something else."""
    if not outcome:
        raise RuntimeError(f"demo action refused: {getattr(outcome, 'message', outcome)}")


def demo_clock(app: "App") -> FakeClock:
    """Give the demo journal a fake wall clock (it is a throw-away journal)."""
    from companion.ui.magici.desk import fresh_room

    clock = FakeClock(DEMO_START_MS)
    app.journal.wall_ms = clock.now_ms
    fresh_room(app)  # the demo journal may hold earlier demos' games: both boards start empty
    return clock


def demo_championship(app: "App", games: int = 6) -> Championship:
    log = app.journal.new_match(CHAMPIONSHIP_GAME, title=app.t("magici.champ.title"))
    champ = Championship.new(log, DEFAULT_HOUSES)
    for round_, board, kind, winner, home, away in DEMO_RESULTS[:games]:
        champ.enter_result(round_, board, kind, winner, home, away)
    return champ


def demo_station(app: "App", clock: FakeClock, link: ChampionshipLink | None = None,
                 moves: int = 6, into_move_ms: int = 7_400) -> RefereeStation:
    """A game in progress: a few moves, a spell from each side, a referee's correction."""
    white, black = DEFAULT_HOUSES[0], DEFAULT_HOUSES[1]
    meta = {"championship": link.to_meta()} if link else {}
    log = app.journal.new_match(GAME, title=f"{white.name} – {black.name}", meta=meta)
    station = RefereeStation.new(log, white, black, first=Side.WHITE,
                                 army={Side.WHITE: "KQRRBP", Side.BLACK: "KBBNPPP"}, now_ms=clock.now_ms)
    clock.advance(60_000)
    _must(station.begin())
    steps = (12_300, 21_800, 9_400, 17_100, 25_600, 14_200, 19_900, 8_800)
    for i in range(moves):
        clock.advance(steps[i % len(steps)])
        if i == 2:  # white on move: Serpeverde's Tactical spell
            _must(station.cast_spell(SpellCall(Spell.TACTICAL, Side.BLACK, Piece.parse("Nf6"),
                                               target=Piece.parse("Qd1"))))
            clock.advance(3_000)
        if i == 4:  # white on move again: Serpeverde's Defensive spell
            _must(station.cast_spell(SpellCall(Spell.DEFENSIVE, Side.BLACK, Piece.parse("Bc5"),
                                               announced=Announcement(Piece.parse("Rc1"), Piece.parse("Bc5")))))
            clock.advance(2_000)
        _must(station.end_move())
    clock.advance(into_move_ms)
    station.poll()
    return station


def _timer(app: "App") -> "Screen":
    from companion.ui.magici.timer import TimerScreen

    clock = demo_clock(app)
    station = demo_station(app, clock)
    screen = TimerScreen(app, station.log)
    screen.desk.say(app.t("magici.timer.on_move", house=station.state.house_on_move.name))
    return screen


def _timer_warning(app: "App") -> "Screen":
    from companion.ui.magici.timer import TimerScreen

    clock = demo_clock(app)
    station = demo_station(app, clock, moves=7, into_move_ms=26_300)
    screen = TimerScreen(app, station.log)
    screen.desk.say(app.t("magici.refused.not_on_move"), warn=True)
    return screen


def _timer_over(app: "App") -> "Screen":
    from companion.ui.magici.timer import TimerScreen

    clock = demo_clock(app)
    station = demo_station(app, clock, moves=8)
    _must(station.correct(ClockKind.GAME, 3_000))
    clock.advance(3_500)
    station.poll()
    screen = TimerScreen(app, station.log)
    screen.desk.say(app.t("magici.timer.time_up"), warn=True)
    return screen


def _board(app: "App") -> "Screen":
    """The touch board with the station beside it, a few moves in (each ended the station's move)."""
    return _board_and_clock(app)[0]


def _board_and_clock(app: "App") -> tuple[Any, FakeClock]:
    from companion.ui.magici.timer import TimerScreen

    clock = demo_clock(app)
    white, black = DEFAULT_HOUSES[0], DEFAULT_HOUSES[1]
    log = app.journal.new_match(GAME, title=f"{white.name} – {black.name}")
    station = RefereeStation.new(log, white, black, now_ms=clock.now_ms)
    clock.advance(30_000)
    _must(station.begin())
    timer = TimerScreen(app, log)
    timer.layout()
    from companion.ui.board.magici import MagiciBoardScreen

    timer.open_board(MagiciBoardScreen)
    board = app.top
    app.stack.remove(board)  # the screenshot pushes the screen itself
    for move, wait in (("e2e4", 6_200), ("e7e5", 9_100), ("g1f3", 4_300), ("b8c6", 12_000)):
        clock.advance(wait)
        option = next(o for o in board.session.options() if str(o.payload) == move)
        board.play(option)
    clock.advance(8_600)
    return board, clock


def _board_pass(app: "App") -> "Screen":
    """The board with the station: white's 30 s ran out (the board passed its turn), then white's
    button was pressed anyway (refused: not on move, said on the board)."""
    from companion.ui.input import Action, Kind

    board, clock = _board_and_clock(app)
    clock.advance(30_000 - 8_600)
    board.station.update(0)  # the station passes white's turn; the board follows
    if board.session.history[-1].text != "pass_turn":
        raise RuntimeError("demo: the board did not follow the station's pass")
    clock.advance(3_000)
    board.handle(Action(Kind.COMMAND, name="white", source="gpio"))
    board.layout()
    return board


def _hub(app: "App") -> "Screen":
    from companion.ui.magici.hub import MagiciHubScreen

    from companion.ui.magici.desk import room

    clock = demo_clock(app)
    demo_championship(app, games=4)
    room(app).desk_for_log(demo_station(app, clock).log)  # a game in progress on board 1
    return MagiciHubScreen(app)


def _new(app: "App") -> "Screen":
    from companion.ui.magici.newgame import NewGameScreen

    demo_clock(app)
    screen = NewGameScreen(app, DEFAULT_HOUSES, white=2, black=3)
    screen.layout()
    screen.toss()
    return screen


def _spells(app: "App") -> "Screen":
    from companion.ui.magici.ledger import SpellLedgerScreen
    from companion.ui.magici.timer import TimerScreen

    clock = demo_clock(app)
    timer = TimerScreen(app, demo_station(app, clock, moves=5).log)
    return SpellLedgerScreen(app, timer)


def _cast(app: "App") -> "Screen":
    from companion.ui.magici.ledger import SpellCastScreen
    from companion.ui.magici.timer import TimerScreen

    clock = demo_clock(app)
    timer = TimerScreen(app, demo_station(app, clock, moves=6).log)
    screen = SpellCastScreen(app, timer, Side.BLACK, Spell.HOSTILE)
    screen.layout()
    for square, kind in (("d4", PieceKind.KNIGHT), ("e6", PieceKind.PAWN), ("c5", PieceKind.BISHOP)):
        screen.kind = kind
        screen.pick(square)
    screen.kind = PieceKind.KING
    screen.pick("b4")  # the King as the forced capturer: refused, with the reason shown
    screen.cast()
    return screen


def _army(app: "App") -> "Screen":
    from companion.ui.magici.army import ArmyBuilderScreen

    screen = ArmyBuilderScreen(app, DEFAULT_HOUSES[0], DEFAULT_HOUSES[1])
    screen.layout()
    for side, placement in ((Side.WHITE, {"d1": PieceKind.QUEEN, "a1": PieceKind.ROOK, "h1": PieceKind.ROOK,
                                          "d2": PieceKind.PAWN, "e2": PieceKind.PAWN, "f2": PieceKind.PAWN}),
                            (Side.BLACK, {"c8": PieceKind.BISHOP, "f8": PieceKind.BISHOP, "e7": PieceKind.PAWN,
                                          "d7": PieceKind.PAWN})):
        screen.side = side
        for square, kind in placement.items():
            screen.kind = kind
            screen.tap_square(square)
    screen.kind = PieceKind.QUEEN
    screen.tap_square("d8")  # 8 + 4 = 12: fine
    screen.kind = PieceKind.KNIGHT
    screen.tap_square("b8")  # 14 points: refused with the engine's reason
    screen.layout()
    return screen


def _result(app: "App") -> "Screen":
    from companion.ui.magici.result import ResultScreen
    from companion.ui.magici.timer import TimerScreen

    clock = demo_clock(app)
    timer = TimerScreen(app, demo_station(app, clock).log)
    screen = ResultScreen.for_station(app, timer, None)
    screen.winner = 1
    screen.parties[0].stats.update(captured=2)
    screen.parties[1].stats.update(captured=4)
    return screen


def _championship(app: "App") -> "Screen":
    from companion.ui.magici.championship import ChampionshipScreen

    demo_clock(app)
    return ChampionshipScreen(app, demo_championship(app, games=4))


def _fixture(app: "App") -> "Screen":
    from companion.ui.magici.championship import FixtureScreen

    demo_clock(app)
    return FixtureScreen(app, demo_championship(app, games=4), fixture(2, 1))


def _standings(app: "App") -> "Screen":
    from companion.ui.magici.standings import StandingsScreen

    demo_clock(app)
    return StandingsScreen(app, demo_championship(app, games=len(SCHEDULE)))


def _correct(app: "App") -> "Screen":
    from companion.ui.magici.correction import CorrectionScreen
    from companion.ui.magici.timer import TimerScreen

    clock = demo_clock(app)
    timer = TimerScreen(app, demo_station(app, clock).log)
    screen = CorrectionScreen(app, timer)
    screen.delta[ClockKind.MOVE] = 5_000
    screen.delta[ClockKind.GAME] = -60_000
    return screen


def demo_two_boards(app: "App") -> tuple[Any, FakeClock]:
    """Round 2 of a championship: board 1 mid-move (a spell each side, a pass on time), board 2
    in the 5 s alarm."""
    from companion.ui.magici.desk import room

    clock = demo_clock(app)
    champ = demo_championship(app, games=2)
    houses = champ.state.houses
    desks = room(app)
    one, two = fixture(2, 1), fixture(2, 2)
    d1 = desks.start(1, houses[one.home], houses[one.away], first=Side.WHITE,
                     army={Side.WHITE: "KQRNBP", Side.BLACK: "KQNNPPP"},
                     meta={"championship": ChampionshipLink(champ.log.id, 2, 1).to_meta()})
    d2 = desks.start(2, houses[two.home], houses[two.away], first=Side.BLACK,
                     army={Side.WHITE: "KQRNNP", Side.BLACK: "KQNBPP"},
                     meta={"championship": ChampionshipLink(champ.log.id, 2, 2).to_meta()})
    a, b = d1.station, d2.station
    assert a is not None and b is not None

    def run(ms: int) -> None:  # the loop polls both boards as time goes by
        for _ in range(ms // 250):
            clock.advance(250)
            desks.update()
        clock.advance(ms % 250)
        desks.update()

    _must(a.begin())
    _must(b.begin())
    def end(desk: Any) -> None:  # through the desk, as a button does: its message follows
        outcome = desk.station.end_move()
        _must(outcome)
        desk.outcome(outcome)

    for desk, wait in ((d1, 11_250), (d2, 9_000), (d1, 17_500), (d2, 14_750), (d1, 8_250)):
        run(wait)
        end(desk)  # board 1: Tassorosso on move; board 2: Corvonero (black) on move
    for board in (a, b):  # a Tactical spell on each board, by the team not on move
        caster = board.state.on_move.other
        queen, knight = ("Qd1", "Nb8") if caster is Side.WHITE else ("Qd8", "Nb1")
        _must(board.cast_spell(SpellCall(Spell.TACTICAL, caster, Piece.parse(queen), target=Piece.parse(knight))))
    run(30_000)  # board 2's Corvonero... board 1's Tassorosso runs out: the turn passes on time
    run(4_500)
    end(d2)
    run(21_250)  # board 1 near its 10 s mark; board 2 in the 5 s alarm
    return desks, clock


def _two_boards(app: "App") -> "Screen":
    from companion.ui.magici.boards import TwoBoardsScreen

    demo_two_boards(app)
    return TwoBoardsScreen(app)


def _two_boards_full(board: int) -> Any:
    def make(app: "App") -> "Screen":
        from companion.ui.magici.timer import TimerScreen

        desks, _clock = demo_two_boards(app)
        return TimerScreen(app, desk=desks.desk(board))
    return make


def _keyboard(app: "App") -> "Screen":
    from companion.ui.magici.keyboard import KeyboardScreen

    return KeyboardScreen(app, app.t("magici.champ.rename_title", n=4), "Corvoner", lambda name: None)


for _name, _factory in (
    ("magici-hub", _hub), ("magici-new", _new), ("magici-timer", _timer), ("magici-timer-warning", _timer_warning),
    ("magici-timer-over", _timer_over), ("magici-timer-board", _board),
    ("magici-timer-board-pass", _board_pass), ("magici-spells", _spells),
    ("magici-cast", _cast), ("magici-army", _army),
    ("magici-result", _result), ("magici-championship", _championship), ("magici-fixture", _fixture),
    ("magici-standings", _standings), ("magici-correct", _correct), ("magici-keyboard", _keyboard),
    ("magici-two-boards", _two_boards), ("magici-two-boards-board-1", _two_boards_full(1)),
    ("magici-two-boards-board-2", _two_boards_full(2)),
):
    register_screen(_name, _factory)
