#!/usr/bin/env bash
# Install (or update) companion as a hardened kiosk service. Run as root from the checkout:
#   sudo /opt/companion/systemd/install.sh
# The code and its venv belong to root (the service can read and run them, never rewrite them);
# the service user owns only /var/lib/companion (the journal and its settings), mode 0700.
set -euo pipefail

APP=$(cd "$(dirname "$0")/.." && pwd)
SERVICE_USER=${SERVICE_USER:-companion}
STATE=/var/lib/companion

if [ "$(id -u)" != 0 ]; then
    echo "install.sh: run as root (sudo $0)" >&2
    exit 1
fi
if [ "$APP" != /opt/companion ]; then
    echo "install.sh: the unit expects /opt/companion (this checkout is $APP): edit WorkingDirectory= and ExecStart=" >&2
fi

if ! getent passwd "$SERVICE_USER" >/dev/null; then
    useradd --system --home-dir "$STATE" --shell /usr/sbin/nologin "$SERVICE_USER"
fi
for group in video render input gpio dialout audio; do  # for `sudo -u companion companion doctor`
    if getent group "$group" >/dev/null; then usermod -aG "$group" "$SERVICE_USER"; fi
done

# An older install made the service user owner of the code: give it back to root.
chown -R root:root "$APP"
chmod -R go-w "$APP"
(cd "$APP" && make venv)
"$APP/.venv/bin/python" -m compileall -q "$APP/companion"  # bytecode now: the service cannot write it

install -d -m 0755 /etc/companion
install -d -o "$SERVICE_USER" -g "$SERVICE_USER" -m 0700 "$STATE"
chown -R "$SERVICE_USER:$SERVICE_USER" "$STATE"
chmod -R go-rwx "$STATE"  # the journal folder 0700, its files 0600 (the app keeps it so too)

install -m 0644 "$APP/systemd/companion.service" /etc/systemd/system/companion.service
systemctl daemon-reload
systemctl enable companion.service
systemd-analyze security companion.service | tail -n 1
echo "installed; start it with: systemctl restart companion"
