#!/bin/sh
# A backup of the Stacks database into BACKUP_DIR, keeping the newest KEEP files (deploy/backup.md).
# Run from the app's folder with the app's environment (DATABASE_URL, or DATA_DIR for the embedded
# database, which must be stopped meanwhile: see stacks-backup.service).
set -eu
BACKUP_DIR=${BACKUP_DIR:-/var/backups/stacks}
KEEP=${KEEP:-14}
case $KEEP in '' | *[!0-9]* | 0) echo "KEEP must be a whole number of 1 or more (got \"$KEEP\")" >&2; exit 1 ;; esac
# The file's suffix says which kind it is, for people: the CLI tells them apart by content.
if [ -n "${DATABASE_URL:-}" ]; then suffix=dump; else suffix=tar.gz; fi
mkdir -p "$BACKUP_DIR"
node --import tsx scripts/cli.ts backup "$BACKUP_DIR/stacks-$(date -u +%Y-%m-%dT%H%M%SZ).$suffix"
# Names sort by time; only after a successful backup are the oldest beyond KEEP removed.
ls -1 "$BACKUP_DIR"/stacks-*."$suffix" | sort | head -n "-$KEEP" | while IFS= read -r old; do rm -f -- "$old"; done
