# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# signoff (NIPA: verify_signedoff) - a Signed-off-by: line matching the
# patch's author.

check_signoff() {
	local author

	author=$(git -C "$WORK" log -1 --format='%an <%ae>' "$C")
	if git -C "$WORK" log -1 --format=%B "$C" | grep -qxF "Signed-off-by: $author"; then
		echo pass
	else
		echo fail
		echo "no 'Signed-off-by: $author' (the author)"
	fi
}
