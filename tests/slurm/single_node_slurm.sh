# shellcheck shell=bash
# Shared by the Slurm tests (sourced): stands up a single-node Slurm on localhost (munged, slurmctld,
# slurmd with a private config and state in a temporary directory) and stops every daemon started
# here on exit, whatever happens. Needs skip() (exit 77) from scaleout_common.sh.
#
# After sourcing: `work` (the temporary directory, removed on exit), SLURM_CONF exported, and fail()
# (prints the daemons' logs and the logs under $work/**/logs, exits 1).

[ "$(id -u)" -eq 0 ] || skip "needs root to start munged, slurmctld and slurmd"
for tool in munged slurmctld slurmd sbatch squeue sinfo; do
  command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] ||
    skip "$tool missing (ci/setup-deps --with-slurm installs slurm-wlm and munge)"
done

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
  local log
  for log in "$work"/slurmctld.log "$work"/slurmd.log "$work"/*/logs/* "$work"/*/*/logs/*; do
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

