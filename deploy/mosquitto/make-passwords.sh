#!/usr/bin/env bash
# Make the broker's password file for an event: the desk and each station get a password.
#   sudo ./make-passwords.sh /etc/mosquitto/companion.passwd desk board1 board2
# Each password is asked for (or set PASSWORD_<NAME> in the environment, e.g. PASSWORD_board1).
set -euo pipefail
file=${1:?usage: make-passwords.sh FILE desk STATION...}; shift
[ $# -ge 1 ] || { echo "name the desk and the stations" >&2; exit 2; }
command -v mosquitto_passwd >/dev/null || { echo "mosquitto_passwd not found: apt-get install mosquitto" >&2; exit 2; }
for name in "$@"; do
  [[ $name =~ ^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$ ]] || { echo "bad name '$name' (letters, digits, - and _)" >&2; exit 2; }
  var="PASSWORD_${name//-/_}"
  if [ -n "${!var:-}" ]; then pw=${!var}; else read -rsp "password for $name: " pw; echo; fi
  if [ -f "$file" ]; then mosquitto_passwd -b "$file" "$name" "$pw"; else mosquitto_passwd -c -b "$file" "$name" "$pw"; fi
done
chmod 640 "$file"
chown root:mosquitto "$file" 2>/dev/null || true  # Mosquitto 2.0 drops to user mosquitto
echo "wrote $file for: $*"
