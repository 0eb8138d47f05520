"""Debian's headless Chromium driven through its chromedriver (selenium; nothing downloaded)."""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

import pytest

from tests.event.mosquitto import need

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]


def chromium(width: int = 1920, height: int = 1080) -> Any:
    need(CHROMIUM, "chromium")
    need(CHROMEDRIVER, "chromium-driver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("selenium is not installed (the test extra has it)")
        pytest.skip("selenium is not installed (pip install -e '.[test]')")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="chromium-")  # (removed when the browser quits)
    for flag in FLAGS + [f"--user-data-dir={profile}", f"--window-size={width},{height}"]:
        opts.add_argument(flag)
    try:
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    except BaseException:
        shutil.rmtree(profile, ignore_errors=True)
        raise
    quit_browser = driver.quit

    def quit_and_clean() -> None:
        try:
            quit_browser()
        finally:
            shutil.rmtree(profile, ignore_errors=True)

    driver.quit = quit_and_clean
    driver.set_page_load_timeout(20)
    return driver


def phone(driver: Any, width: int = 390, height: int = 844) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})


def projector(driver: Any) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False})


def full_page_png(driver: Any, path: str) -> None:
    """The whole page, not only the screen's height (a phone scrolls)."""
    import base64

    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics["cssContentSize"]
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}})
    with open(path, "wb") as f:
        f.write(base64.b64decode(shot["data"]))
