#!/usr/bin/env bash
# Stands up a single-node Slurm on localhost (munged, slurmctld, slurmd with a private config and
# state in a temporary directory), runs a 4-shard gauntlet through ci/slurm/submit with one shard made
# to fail, resubmits only that shard, and checks the merged database equals the unsharded run game
# for game. Every daemon started here is stopped on exit, whatever happens.
#
# Usage: slurm_gauntlet_test.sh ARBITER SAME_GAMES REPO_ROOT     (exit 77: skipped)
set -uo pipefail

arbiter="$1"
same_games="$2"
repo_root="$3"
# shellcheck source=tests/slurm/scaleout_common.sh
source "$(dirname "$0")/scaleout_common.sh"

[ "$(id -u)" -eq 0 ] || skip "needs root to start munged, slurmctld and slurmd"
for tool in munged slurmctld slurmd sbatch squeue sinfo; do
  command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] ||
    skip "$tool missing (ci/setup-deps --with-slurm installs slurm-wlm and munge)"
done
[ -x /usr/games/stockfish ] || skip "stockfish missing"

work="$(mktemp -d /tmp/arbiter-slurm-test-XXXXXX)"
chmod 755 "$work"
started_pids=()

stop_daemons() {
  local pid
  for pid in "${started_pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${started_pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  rm -rf "$work"
}
trap stop_daemons EXIT

fail() {
  echo "FAIL: $*"
  for log in "$work"/slurmctld.log "$work"/slurmd.log "$work"/run/logs/*; do
    [ -f "$log" ] && { echo "--- $log"; tail -n 20 "$log"; }
  done
  exit 1
}

# --- munge: our own socket and pid file, so an existing munged is neither used nor disturbed.
mkdir -p /run/munge && chown munge:munge /run/munge
[ -f /etc/munge/munge.key ] || { mungekey --create --keyfile=/etc/munge/munge.key && chown munge:munge /etc/munge/munge.key; } ||
  skip "no munge key and mungekey failed"
mkdir -p "$work/munge" && chown munge:munge "$work/munge" && chmod 755 "$work/munge"
socket="$work/munge/munge.socket"
setpriv --reuid=munge --regid=munge --init-groups /usr/sbin/munged --foreground --socket="$socket" --pid-file="$work/munge/munged.pid" \
  --log-file="$work/munge/munged.log" --seed-file="$work/munge/seed" &
started_pids+=($!)
for _ in $(seq 50); do [ -S "$socket" ] && break; sleep 0.1; done
[ -S "$socket" ] || fail "munged did not start (see $work/munge/munged.log)"

# --- Slurm: one node, this host, the CPUs slurmd finds; no cgroups (containers), no accounting.
host="$(hostname -s)"
node_line="$(slurmd -C | head -n 1)"
[[ "$node_line" == NodeName=* ]] || fail "slurmd -C said: $node_line"
mkdir -p "$work/state" "$work/spool"
port=$((20000 + RANDOM % 20000))
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=arbitertest
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
MpiDefault=none
NodeName=$host ${node_line#NodeName=* } State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

setup_start=$SECONDS
slurmctld -D -i -f "$SLURM_CONF" >"$work/slurmctld.out" 2>&1 &
started_pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$work/slurmd.out" 2>&1 &
started_pids+=($!)
for _ in $(seq 120); do
  [ "$(sinfo -h -n "$host" -o %t 2>/dev/null)" = "idle" ] && break
  sleep 0.5
done
[ "$(sinfo -h -n "$host" -o %t 2>/dev/null)" = "idle" ] || fail "node $host not idle: $(sinfo 2>&1)"
echo "single-node Slurm up in $((SECONDS - setup_start)) s ($node_line)"

# --- the reference: the same gauntlet, unsharded.
book="$repo_root/openings/noob_2moves.epd"
play_reference "$arbiter" "$work/full.db" "$book"

# --- the sharded run; shard 3's database path is a directory, so that shard fails.
mapfile -t args < <(gauntlet_args "$book")
mkdir -p "$work/run/shard-3.db"
ARBITER="$arbiter" "$repo_root/ci/slurm/submit" --shards 4 --dir "$work/run" --wait -- "${args[@]}" \
  >"$work/submit1.log" 2>&1
status=$?
cat "$work/submit1.log"
[ "$status" -eq 1 ] || fail "the run with a broken shard should report failure (exit $status)"
grep -q "shard(s) 3 failed" "$work/submit1.log" || fail "shard 3 was not reported as failed"
[ ! -e "$work/run/merged.db" ] || fail "the merge ran although a shard failed"
for k in 1 2 4; do [ "$(cat "$work/run/shard-$k.status")" = "0" ] || fail "shard $k did not succeed"; done

rmdir "$work/run/shard-3.db"
before="$(stat -c %Y "$work/run/shard-1.db")"
ARBITER="$arbiter" "$repo_root/ci/slurm/submit" --resubmit --dir "$work/run" --wait >"$work/submit2.log" 2>&1 ||
  { cat "$work/submit2.log"; fail "the resubmission failed"; }
cat "$work/submit2.log"
grep -q "shards \[3\] of 4" "$work/submit2.log" || fail "the resubmission did not submit shard 3 alone"
[ "$(stat -c %Y "$work/run/shard-1.db")" = "$before" ] || fail "shard 1 was played again"

"$same_games" "$work/full.db" "$work/run/merged.db" || fail "the merged shards differ from the unsharded run"
echo "PASS: 4 Slurm shards, one resubmitted, merged equal the unsharded run game for game"
