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

.PHONY: run test venv bench screenshots contract clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "companion needs Python >= 3.11")'
	$(PYTHON) -m venv $(VENV_FLAGS) $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

venv: $(BIN)/.installed

run: $(BIN)/.installed
	$(BIN)/companion run $(ARGS)

test: $(BIN)/.installed
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy GPIOZERO_PIN_FACTORY=mock COMPANION_STRICT_I18N=1 \
	  $(BIN)/python -m pytest -q $(PYTEST_ARGS)

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
