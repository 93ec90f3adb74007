#!/usr/bin/env bash
# Runs before `npm test` (npm's pretest): the system tools and services the suite needs.
# As root on Debian/Ubuntu it installs what is missing with apt and starts PostgreSQL and Redis
# when they are down; otherwise it stops with one line naming the command to run.
set -euo pipefail

missing=()
have() { command -v "$1" >/dev/null 2>&1; }
have chromium || missing+=(chromium)               # browser tests (playwright-core drives it)
have soffice || missing+=(libreoffice-calc-nogui)  # engine tests open generated files with it
have docker-compose || missing+=(docker-compose)   # validates docker-compose.yml
have fc-list || missing+=(fontconfig)
# Read the font list whole: `fc-list | grep -q` can end fc-list with SIGPIPE, which pipefail
# reports as a failure although the font is there.
fonts="$(fc-list 2>/dev/null || true)"
[[ "${fonts,,}" == *dejavu* ]] || missing+=(fonts-dejavu-core)
have pg_isready || missing+=(postgresql)
have redis-server || missing+=(redis-server)

can_apt() { [ "$(id -u)" = 0 ] && have apt-get && [ -f /etc/debian_version ]; }

if [ ${#missing[@]} -gt 0 ]; then
  if ! can_apt; then
    echo "npm test needs system packages; install them first: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "pretest: installing ${missing[*]} (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

pg_up() { pg_isready -h 127.0.0.1 -p 5432 -q; }
redis_up() { redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; }

if ! pg_up; then
  if ! can_apt || ! have pg_ctlcluster; then
    echo "npm test needs PostgreSQL on 127.0.0.1:5432 (trust auth, user postgres); start it first" >&2
    exit 1
  fi
  echo "pretest: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start
fi
if ! redis_up; then
  if ! can_apt; then
    echo "npm test needs Redis on 127.0.0.1:6379; start it first: redis-server --daemonize yes" >&2
    exit 1
  fi
  echo "pretest: starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
fi
for _ in $(seq 1 30); do
  pg_up && redis_up && exit 0
  sleep 1
done
echo "PostgreSQL or Redis did not come up within 30 s" >&2
exit 1
