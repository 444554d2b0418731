#!/usr/bin/env bash
# Prepares a fresh Debian machine for the buffers-ssh integration tests.
#
# The tests start their OWN sshd (`/usr/sbin/sshd -D -e -f <generated config>` on 127.0.0.1,
# a free port, generated host keys) and log in as a dedicated non-root user, because root's
# shell start-up files cost ~130 ms per command and tests should not run commands as root.
# This script therefore only installs the binaries and creates that user. It deliberately does
# NOT edit /etc/ssh/sshd_config and does NOT start or enable the machine's own sshd.
#
# Must run as root. Idempotent. Environment:
#   RB_SSH_TEST_USER   name of the test user (default rbtest; the tests read the same variable)
set -euo pipefail

test_user="${RB_SSH_TEST_USER:-rbtest}"

if [[ "$(id -u)" -ne 0 ]]; then
  echo "setup-ssh.sh: must run as root" >&2
  exit 1
fi

if [[ ! -x /usr/sbin/sshd || ! -x /usr/bin/ssh-keygen ]]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  # policy-rc.d stops the package's maintainer scripts from starting the system sshd.
  policy_created=0
  if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    policy_created=1
  fi
  apt-get install -y -q --no-install-recommends openssh-server openssh-client
  if [[ "$policy_created" -eq 1 ]]; then
    rm -f /usr/sbin/policy-rc.d
  fi
fi

# The key-file tests write keys with openssl (PKCS#1, SEC1, PKCS#8 in every cipher) beside ssh-keygen, and
# compare what OpenSSH reads from each with what the library reads.
if [[ ! -x /usr/bin/openssl ]]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends openssl
fi

if ! id "$test_user" >/dev/null 2>&1; then
  useradd --create-home --shell /bin/sh --user-group "$test_user"
fi
# A locked password ('!') makes OpenSSH refuse even public-key logins when UsePAM is off;
# '*' means "no password login" without locking the account.
usermod -p '*' "$test_user"
home_dir="$(getent passwd "$test_user" | cut -d: -f6)"
mkdir -p "$home_dir"
chown "$test_user:$test_user" "$home_dir"
chmod 755 "$home_dir"

# sshd refuses to start without its privilege-separation directory.
mkdir -p /run/sshd
chmod 755 /run/sshd

echo "setup-ssh.sh: $(/usr/sbin/sshd -V 2>&1 | head -1 || true), $(/usr/bin/openssl version); test user $test_user (home $home_dir, shell $(getent passwd "$test_user" | cut -d: -f7))"
