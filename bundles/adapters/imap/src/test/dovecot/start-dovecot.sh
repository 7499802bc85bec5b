#!/usr/bin/env bash
# Starts a throw-away Dovecot IMAP server on a loopback port for the IMAP adapter's Dovecot tests, and prints the
# environment they read. Run as root on Debian with the package dovecot-imapd installed:
#
#   eval "$(bundles/adapters/imap/src/test/dovecot/start-dovecot.sh)"
#   mvn -B -pl bundles/adapters/imap test -Dtest=DovecotRoundTripTest
#   "$DTP_TEST_DOVECOT_STOP"        # stops it and removes its folder
#
# The server listens on 127.0.0.1 only (port DTP_DOVECOT_PORT, else the first free one from 10143), requires TLS
# before any login (STARTTLS; a self-signed certificate for localhost and 127.0.0.1 made here), authenticates one
# test user from a passwd-file, and keeps mail in Maildir (layout fs, separator '/') in a temporary folder, with
# special-use folders Drafts, Sent, Trash and Junk; it offers COMPRESS=DEFLATE (its imap_zlib plugin). Nothing
# outside that folder is changed; the mail processes run as the unprivileged user nobody.
set -euo pipefail

if [ "$(id -u)" != 0 ]; then
    echo "start-dovecot.sh: run as root (Dovecot's master process needs it)" >&2
    exit 1
fi
if ! command -v dovecot >/dev/null 2>&1; then
    echo "start-dovecot.sh: dovecot is not installed (apt-get install -y dovecot-imapd)" >&2
    exit 1
fi

dir=$(mktemp -d /tmp/dtp-dovecot.XXXXXX)
chmod 755 "$dir"
port=${DTP_DOVECOT_PORT:-}
if [ -z "$port" ]; then
    for candidate in $(seq 10143 10199); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
            port=$candidate
            break
        fi
    done
fi
[ -n "$port" ] || { echo "start-dovecot.sh: no free port in 10143-10199" >&2; exit 1; }

user=dtp-test
password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
mail_uid=$(id -u nobody)
mail_gid=$(id -g nobody)

openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$dir/key.pem" -out "$dir/cert.pem" >/dev/null 2>&1
chmod 600 "$dir/key.pem"
printf '%s:{PLAIN}%s::::::\n' "$user" "$password" > "$dir/passwd"
# A second account, for copies from one account to another on the same server (ImapBenchmark).
printf '%s:{PLAIN}%s::::::\n' "$user-2" "$password" >> "$dir/passwd"
chmod 640 "$dir/passwd"
chgrp dovecot "$dir/passwd" 2>/dev/null || true
mkdir -p "$dir/home" "$dir/run" "$dir/state"
chown "$mail_uid:$mail_gid" "$dir/home"

cat > "$dir/dovecot.conf" <<CONF
base_dir = $dir/run
state_dir = $dir/state
instance_name = dtp-dovecot-$port
log_path = $dir/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = required
ssl_cert = <$dir/cert.pem
ssl_key = <$dir/key.pem
ssl_min_protocol = TLSv1.2
disable_plaintext_auth = yes
auth_mechanisms = plain login
first_valid_uid = $mail_uid
last_valid_uid = $mail_uid
first_valid_gid = $mail_gid
last_valid_gid = $mail_gid
mail_location = maildir:~/Maildir:LAYOUT=fs
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dir/passwd
}
userdb {
  driver = static
  args = uid=$mail_uid gid=$mail_gid home=$dir/home/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Drafts {
    special_use = \Drafts
    auto = subscribe
  }
  mailbox Sent {
    special_use = \Sent
    auto = subscribe
  }
  mailbox Trash {
    special_use = \Trash
    auto = subscribe
  }
  mailbox Junk {
    special_use = \Junk
    auto = subscribe
  }
}
# COMPRESS=DEFLATE (RFC 4978) offered, for the adapter's compress setting (DovecotCompressTest, ImapPeersBenchmark).
protocol imap {
  mail_plugins = \$mail_plugins imap_zlib
}
# Counts the IMAP commands the server finished, by name (doveadm stats dump), for ImapBenchmark.
metric imap_command {
  filter = event=imap_command_finished
  group_by = cmd_name
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $port
  }
  inet_listener imaps {
    port = 0
  }
}
CONF

dovecot -c "$dir/dovecot.conf"
for _ in $(seq 1 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        break
    fi
    sleep 0.1
done
if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "start-dovecot.sh: Dovecot did not start; its log:" >&2
    cat "$dir/dovecot.log" >&2 || true
    exit 1
fi

cat > "$dir/stop.sh" <<STOP
#!/usr/bin/env bash
doveadm -c "$dir/dovecot.conf" stop 2>/dev/null || kill "\$(cat "$dir/run/master.pid" 2>/dev/null)" 2>/dev/null || true
rm -rf "$dir"
STOP
chmod 700 "$dir/stop.sh"

echo "export DTP_TEST_DOVECOT_HOST=localhost"
echo "export DTP_TEST_DOVECOT_PORT=$port"
echo "export DTP_TEST_DOVECOT_USER=$user"
echo "export DTP_TEST_DOVECOT_PASSWORD=$password"
echo "export DTP_TEST_DOVECOT_USER2=$user-2"
echo "export DTP_TEST_DOVECOT_CONF=$dir/dovecot.conf"
echo "export DTP_TEST_DOVECOT_SECURITY=starttls"
echo "export DTP_TEST_DOVECOT_CERT=$dir/cert.pem"
echo "export DTP_TEST_DOVECOT_STOP=$dir/stop.sh"
