# Two commands do all the set-up on a fresh machine:
#   make run    creates .venv, installs companion, starts the app
#   make test   creates .venv, installs companion with its test extra, runs the tests headless
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# On a Raspberry Pi the venv sees the OS packages (python3-picamera2 comes from apt, not pip).
IS_PI := $(shell grep -qas "Raspberry Pi" /proc/device-tree/model && echo yes)
VENV_FLAGS := $(if $(IS_PI),--system-site-packages,)
ARGS ?=
PYTEST_ARGS ?=
# The suite runs in as many processes as the machine has cores, at most 4 (pytest-xdist);
# TEST_JOBS=0 runs it in this one process (easier to debug). --dist loadgroup: the tests
# marked xdist_group (they watch one film: tests/vision/films.py) run in one process.
TEST_JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); [ "$$n" -gt 4 ] && n=4; echo $$n)

# The event network's tests need a real broker and a browser (Debian packages). `make test`
# installs them where they are missing and it can (root or password-less sudo, with apt-get);
# otherwise those tests skip, except under CI (CI=true) where a missing one is a failure.
SYSTEM_PACKAGES := mosquitto chromium chromium-driver

.PHONY: run test venv bench screenshots contract clean system-deps

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "companion needs Python >= 3.11")'
	$(PYTHON) -m venv $(VENV_FLAGS) $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

venv: $(BIN)/.installed

run: $(BIN)/.installed
	$(BIN)/companion run $(ARGS)

system-deps:
	@missing=""; \
	[ -x /usr/sbin/mosquitto ] || command -v mosquitto >/dev/null || missing="$$missing mosquitto"; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	[ -x /usr/bin/chromedriver ] || missing="$$missing chromium-driver"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if ! command -v apt-get >/dev/null; then echo "note: missing$$missing (no apt-get here): the event tests skip"; exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; \
	else echo "note: missing$$missing and no root: the event tests skip (sudo apt-get install$$missing)"; exit 0; fi; \
	echo "installing$$missing for the event network's tests"; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing \
	  || echo "note: could not install$$missing: the event tests skip (fail under CI)"

test: $(BIN)/.installed system-deps
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy GPIOZERO_PIN_FACTORY=mock COMPANION_STRICT_I18N=1 \
	  $(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist loadgroup $(PYTEST_ARGS)

bench: $(BIN)/.installed
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy GPIOZERO_PIN_FACTORY=mock \
	  $(BIN)/python -m benchmarks

screenshots: $(BIN)/.installed
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy GPIOZERO_PIN_FACTORY=mock \
	  $(BIN)/companion screenshot --all --out docs/screens

contract: $(BIN)/.installed
	PATH="$(CURDIR)/$(BIN):$$PATH" ../shared/contract-check

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
