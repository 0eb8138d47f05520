"""The page shows a ChessBall match, and keeps going by itself when the desk restarts."""

from __future__ import annotations

import threading
from pathlib import Path

from companion.core.journal import Journal
from companion.event.boards import board_state
from companion.event.desk import Desk
from companion.event.messages import Topics, encode
from companion.event.web import make_server, stop_server
from tests.event import procs
from tests.event.browser import chromium
from tests.event.mosquitto import free_port
from tests.event.test_boards import chessball_match
from tests.event.test_desk import event


def serve(desk: Desk, port: int):  # type: ignore[no-untyped-def]
    server = make_server(desk, "127.0.0.1", port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def stop(server) -> None:  # type: ignore[no-untyped-def]
    stop_server(server)


def test_a_chessball_match_on_the_page_through_a_desk_restart(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    journal = Journal.open(tmp_path / "s3.db")
    log, _ = chessball_match(journal, 60)
    state = board_state(log, journal.wall_ms())
    assert state is not None
    state["station"] = "s3"
    port = free_port()
    desk = Desk(tmp_path / "desk")
    desk.receive(Topics("event").board("s3", log.id), encode(state))
    server = serve(desk, port)
    driver = chromium(1280, 800)
    try:
        driver.get(f"http://127.0.0.1:{port}/?lang=en")
        score = lambda: driver.find_element(By.CSS_SELECTOR, "article[data-station=s3] .score").text  # noqa: E731
        cb = state["chessball"]
        procs.wait_for("the ChessBall score", lambda: score() == f"{cb['score']['white']} – {cb['score']['black']}")
        side = driver.find_element(By.CSS_SELECTOR, "article[data-station=s3] .kv").text
        assert f"MP White\n{cb['mp']['white']}" in side and f"Half\n{cb['half']}" in side
        driver.execute_script("window.__same_page = true")
        # two stations differ on one game: the page says so, and the game does not count
        for station, match, result in (("s1", 5, "checkmate"), ("s2", 8, "draw_agreement")):
            game = {"round": 1, "board": 1, "home": "Grifondoro", "away": "Serpeverde", "result": result,
                    "winner": "Grifondoro" if result == "checkmate" else None}
            desk.receive(*event(station, match, 1, "event.game", game))
        conflict = procs.wait_for("the conflict on the page", lambda: driver.find_element(
            By.CSS_SELECTOR, '.conflict[data-conflict="1.1"]').text)
        assert "s1/5: Checkmate" in conflict and "s2/8: Draw: agreement" in conflict
        assert driver.find_elements(By.CSS_SELECTOR, "#games [data-game]") == []

        stop(server)  # the desk goes away...
        desk.close()
        procs.wait_for("the page saying it is reconnecting",
                       lambda: "off" in driver.find_element(By.ID, "live").get_attribute("class"))
        desk = Desk(tmp_path / "desk")  # ...and comes back with what it knew, plus a goal
        state["chessball"]["score"]["white"] += 1
        desk.receive(Topics("event").board("s3", log.id), encode(state))
        server = serve(desk, port)
        procs.wait_for("the new score without a reload",
                       lambda: score() == f"{cb['score']['white']} – {cb['score']['black']}", 15)
        assert driver.execute_script("return window.__same_page") is True
    finally:
        driver.quit()
        stop(server)
        desk.close()
        journal.close()
