#!/usr/bin/env bash
# What the project needs of the machine, before it runs. Two modes:
#   test      (default; npm's pretest) the system tools and services the suite needs: as root on
#             Debian/Ubuntu it installs what is missing with apt and starts PostgreSQL and Redis
#             on 127.0.0.1 when they are down.
#   services  (npm start, scripts/prepare-start.ts) only PostgreSQL and Redis, and only where
#             DATABASE_URL / REDIS_URL point at this machine: one that is installed but stopped
#             is started; one that is missing is named with the package to install.
# Whatever it cannot do itself, it stops on with one line naming the command to run.
set -euo pipefail

mode="${1:-test}"
case "$mode" in
  test) who="npm test" ;;
  services) who="npm start" ;;
  *) echo "usage: $0 [test|services]" >&2; exit 2 ;;
esac

have() { command -v "$1" >/dev/null 2>&1; }
can_apt() { [ "$(id -u)" = 0 ] && have apt-get && [ -f /etc/debian_version ]; }
fail() { echo "$who needs $*" >&2; exit 1; }

# host and port of a URL (scheme://[user[:password]@]host[:port]/…), IPv6 hosts in brackets.
host_of() { [[ "$1" =~ ^[a-z]+://([^@/]*@)?(\[[^]/]*\]|[^:/?#]*) ]] && echo "${BASH_REMATCH[2]}"; }
port_of() { [[ "$1" =~ ^[a-z]+://([^@/]*@)?(\[[^]/]*\]|[^:/?#]*):([0-9]+) ]] && echo "${BASH_REMATCH[3]}" || echo "$2"; }
is_local() { case "$1" in localhost | 127.* | '[::1]' | '') return 0 ;; *) return 1 ;; esac; }
tcp_open() { (exec 3<>"/dev/tcp/${1//[\[\]]/}/$2") 2>/dev/null; }

# Up = answering, by the service's own client when it is installed, else an open port.
pg_up() { if have pg_isready; then pg_isready -h "${1//[\[\]]/}" -p "$2" -q; else tcp_open "$1" "$2"; fi; }
redis_up() { if have redis-cli; then redis-cli -h "${1//[\[\]]/}" -p "$2" ping >/dev/null 2>&1; else tcp_open "$1" "$2"; fi; }

# The Debian cluster (postgresql-common) set to listen on a port: "version name owner".
cluster_on() { pg_lsclusters --no-header 2>/dev/null | awk -v port="$1" '$3 == port { print $1, $2, $5; exit }'; }

start_postgres() { # host port
  have pg_lsclusters || fail "PostgreSQL on $1:$2: install it (sudo apt-get install -y postgresql) or point DATABASE_URL at a running server"
  local version name owner
  read -r version name owner <<<"$(cluster_on "$2")" || true
  [ -n "${version:-}" ] || fail "PostgreSQL on $1:$2, but no cluster here uses port $2 (pg_lsclusters); create one: sudo pg_createcluster --start $(ls /etc/postgresql | sort -V | tail -1) main -p $2"
  if [ "$(id -u)" != 0 ] && [ "$(id -un)" != "$owner" ]; then
    fail "PostgreSQL on $1:$2 (cluster $version/$name is stopped); start it: sudo pg_ctlcluster $version $name start"
  fi
  echo "$who: starting PostgreSQL $version/$name on port $2"
  pg_ctlcluster --skip-systemctl-redirect "$version" "$name" start
}

start_redis() { # host port
  have redis-server || fail "Redis on $1:$2: install it (sudo apt-get install -y redis-server) or point REDIS_URL at a running server"
  # The queue's jobs are reconciled from PostgreSQL after a loss, so this Redis keeps nothing on disk.
  local dir=/var/lib/redis logs=/var/log/redis
  if [ "$(id -u)" != 0 ]; then dir="$(cd "$(dirname "$0")/.." && pwd)/data/redis" logs="$dir"; fi
  mkdir -p "$dir" "$logs"
  echo "$who: starting Redis on port $2"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$2" --save "" --appendonly no \
    --dir "$dir" --logfile "$logs/redis-$2.log" --pidfile "$dir/redis-$2.pid"
}

if [ "$mode" = test ]; then
  pg_url=postgres://127.0.0.1:5432
  redis_url="${TEST_REDIS_URL:-redis://127.0.0.1:6379}"
  missing=()
  have chromium || missing+=(chromium)               # browser tests (playwright-core drives it)
  have soffice || missing+=(libreoffice-calc-nogui)  # engine tests open generated files with it
  have docker-compose || missing+=(docker-compose)   # validates docker-compose.yml
  # Source tests start their own dovecot (test/support/dovecot.ts) on free loopback ports with their
  # own config, so a system dovecot the package may start is neither needed nor in the way.
  [ -x /usr/sbin/dovecot ] || missing+=(dovecot-imapd)
  have promtool || missing+=(prometheus)             # checks and tests the alerts, scrapes the apps
  have fc-list || missing+=(fontconfig)
  # Read the font list whole: `fc-list | grep -q` can end fc-list with SIGPIPE, which pipefail
  # reports as a failure although the font is there.
  fonts="$(fc-list 2>/dev/null || true)"
  [[ "${fonts,,}" == *dejavu* ]] || missing+=(fonts-dejavu-core)
  have pg_isready || missing+=(postgresql)
  have redis-server || missing+=(redis-server)
  if [ ${#missing[@]} -gt 0 ]; then
    can_apt || fail "system packages; install them first: sudo apt-get install -y ${missing[*]}"
    echo "pretest: installing ${missing[*]} (apt)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
else
  pg_url="${DATABASE_URL:-postgres://127.0.0.1:5432}"
  redis_url="${REDIS_URL:-redis://127.0.0.1:6379}"
fi

# Only a service of this machine is ours to start; another host's is the operator's.
pg_host="$(host_of "$pg_url")" pg_port="$(port_of "$pg_url" 5432)"
redis_host="$(host_of "$redis_url")" redis_port="$(port_of "$redis_url" 6379)"
check_pg=0 check_redis=0
if is_local "$pg_host"; then check_pg=1 pg_host="${pg_host:-127.0.0.1}"; fi
if is_local "$redis_host"; then check_redis=1 redis_host="${redis_host:-127.0.0.1}"; fi
pg_ready() { [ "$check_pg" = 0 ] || pg_up "$pg_host" "$pg_port"; }
redis_ready() { [ "$check_redis" = 0 ] || redis_up "$redis_host" "$redis_port"; }

pg_ready || start_postgres "$pg_host" "$pg_port"
redis_ready || start_redis "$redis_host" "$redis_port"
for _ in $(seq 1 30); do
  pg_ready && redis_ready && exit 0
  sleep 1
done
echo "$who: PostgreSQL or Redis did not come up within 30 s" >&2
exit 1
