"""The live page in headless Chromium: both boards and the standings, clocks that move, a
result that appears without a reload; screenshots (projector and phone, it and en).

Set COMPANION_EVENT_SHOTS=DIR to keep the screenshots there (docs/event holds the ones looked at).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from companion.core.journal import Journal
from tests.event import procs
from tests.event.browser import chromium, full_page_png, phone, projector
from tests.event.mosquitto import USERS, Broker
from tests.event.scenario import two_boards

SHOTS = os.environ.get("COMPANION_EVENT_SHOTS")


def text(driver, css: str) -> str:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, css).text


def count(driver, css: str) -> int:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By

    return len(driver.find_elements(By.CSS_SELECTOR, css))


def test_the_page_follows_both_boards_live(tmp_path: Path, broker: Broker) -> None:
    j1_path, j2_path = tmp_path / "s1" / "journal.db", tmp_path / "s2" / "journal.db"
    j1, j2 = Journal.open(j1_path), Journal.open(j2_path)
    desk, url = procs.desk(broker.url, tmp_path / "desk" / "data", ["--event", "torneo"])
    stations = [procs.station(broker.url, "s1", j1_path, "torneo"), procs.station(broker.url, "s2", j2_path, "torneo")]
    driver = None
    try:
        procs.wait_for("both stations online", lambda: {s["station"] for s in procs.get(f"{url}/api/state")["stations"]
                                                          if s["online"]} == {"s1", "s2"}, 30)
        two_boards(j1, j2)
        driver = chromium()
        projector(driver)
        driver.get(f"{url}/?lang=it")
        shots = Path(SHOTS) if SHOTS else tmp_path / "shots"
        shots.mkdir(parents=True, exist_ok=True)

        procs.wait_for("both boards on the page", lambda: count(driver, "article.card .grid") == 2, 30)
        assert count(driver, "#standings tr") == 5  # a header and the four Houses
        assert "Grifondoro – Serpeverde" in text(driver, "article[data-station=s1] h3")
        assert "Tassorosso – Corvonero" in text(driver, "article[data-station=s2] h3")
        assert count(driver, "article[data-station=s1] .sq .pc") == 32
        assert "Tattico" in text(driver, "article[data-station=s1]")  # the spell used, in Italian
        card = text(driver, "article[data-station=s1]")
        assert "Cf3" in card and "Nf3" not in card  # the moves with the Italian letters
        assert "provvisori: mancano 6 partite" in text(driver, "#provisional")  # no game in yet
        assert "VI vittorie incantate" in text(driver, "#legend")
        before = text(driver, "article[data-station=s1] .clock")
        procs.wait_for("the move clock counting down", lambda: text(driver, "article[data-station=s1] .clock") != before, 5)

        driver.save_screenshot(str(shots / "event-projector-it.png"))
        # a station publishes a result: it appears with no reload (the same document keeps running)
        driver.execute_script("window.__same_page = true")
        game = tmp_path / "game.json"
        game.write_text('{"round": 1, "board": 2, "home": "Tassorosso", "away": "Corvonero", '
                        '"result": "checkmate", "winner": "Corvonero"}')
        t0 = time.monotonic()
        out = subprocess.run([sys.executable, "-m", "companion", "event", "result", "--event", "torneo",
                              "--broker", broker.url, "--station", "s2", "--password", USERS["s2"],
                              "--data-dir", str(tmp_path / "s2"), str(game)],
                             capture_output=True, text=True, env=procs.env(), timeout=60)
        assert out.returncode == 0, out.stderr
        procs.wait_for("the result on the page", lambda: count(driver, '#games [data-game="1.2"]') == 1, 10)
        print(f"result on the page {time.monotonic() - t0:.2f} s after `companion event result` started")
        assert driver.execute_script("return window.__same_page") is True
        assert "Corvonero" in text(driver, '#games [data-game="1.2"]')
        assert text(driver, "#standings tr:nth-child(2) td.h") == "Corvonero"

        driver.get(f"{url}/?lang=en")
        procs.wait_for("the English page", lambda: count(driver, "article.card .grid") == 2, 30)
        assert "Standings" in text(driver, "#standings-title") and "Tactical" in text(driver, "article[data-station=s1]")
        assert "Nf3" in text(driver, "article[data-station=s1]")
        assert "provisional: 5 games to go" in text(driver, "#provisional")
        driver.save_screenshot(str(shots / "event-projector-en.png"))
        phone(driver)
        for lang in ("it", "en"):
            driver.get(f"{url}/?lang={lang}")
            procs.wait_for("the phone page", lambda: count(driver, "article.card .grid") == 2, 30)
            full_page_png(driver, str(shots / f"event-phone-{lang}.png"))
        assert {s["station"]: s["online"] for s in procs.get(f"{url}/api/state")["stations"]} == {"s1": True, "s2": True}
        assert all((shots / f"event-{k}-{lang}.png").stat().st_size > 10_000
                   for k in ("projector", "phone") for lang in ("it", "en"))
    finally:
        if driver is not None:
            driver.quit()
        for p in (*stations, desk):
            p.stop()
        j1.close()
        j2.close()
