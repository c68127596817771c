# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# checkpatch (NIPA: checkpatch) - scripts/checkpatch.pl --strict
# --codespell --codespellfile DICT --max-line-length=80 with NIPA's
# ignore list. Passes only on checkpatch's own summary "total: 0 errors,
# 0 warnings, 0 checks" (as NIPA); output without a total line (a perl
# failure, a crash) fails: "checkpatch did not complete". codespell's
# dictionary is found from the installed package (CODESPELL_DICT
# overrides it); the self-test proves it flags a typo only the
# dictionary knows.

# NIPA's list, plus UNKNOWN_COMMIT_ID: the base is an import of a Debian
# source package with no upstream history, where every upstream id is
# unknown; the fixes check (03-fixes.sh) verifies each cited id instead.
CP_IGNORE=COMMIT_LOG_LONG_LINE,MACRO_ARG_REUSE,ALLOC_SIZEOF_STRUCT,NO_AUTHOR_SIGN_OFF,GIT_COMMIT_ID,CAMELCASE,FILE_PATH_CHANGES,BAD_REPORTED_BY_LINK,UNKNOWN_COMMIT_ID

# codespell_dict: the path of codespell's dictionary.txt, or nothing.
# checkpatch looks only in /usr/share/codespell/ and through whatever
# python3 comes first in PATH; Debian's codespell puts it under its
# Python package (codespell_lib/data/), so ask the package: dpkg's file
# list, else the interpreter codespell's own script runs under.
codespell_dict() {
	local f cs interp

	if [ -n "${CODESPELL_DICT:-}" ]; then
		printf '%s\n' "$CODESPELL_DICT"
		return
	fi
	for f in /usr/share/codespell/dictionary.txt \
		$(dpkg-query -L codespell 2>/dev/null | grep '/codespell_lib/data/dictionary\.txt$' || true); do
		[ -s "$f" ] && { printf '%s\n' "$f"; return; }
	done
	cs=$(command -v codespell) || return 0
	interp=$(sed -n '1s/^#! *\([^ ]*\).*/\1/p' "$cs")
	[ -n "$interp" ] || return 0
	"$interp" -c 'import codespell_lib, os; print(os.path.join(os.path.dirname(codespell_lib.__file__), "data", "dictionary.txt"))' 2>/dev/null || true
}

# checkpatch FILE: checkpatch's output on FILE (stdout and stderr);
# returns its exit status.
checkpatch() {
	(cd "$WORK" && perl scripts/checkpatch.pl --strict --codespell --codespellfile "$CP_DICT" \
		--max-line-length=80 --ignore "$CP_IGNORE" --showfile "$1" 2>&1)
}

# cp_total OUTPUT: checkpatch's summary line ("total: N errors, N
# warnings, N checks, N lines checked"), or nothing.
cp_total() { grep -E '^total: [0-9]+ errors, [0-9]+ warnings, [0-9]+ checks, ' <<<"$1" | tail -n 1; }

check_checkpatch() {
	local out rc=0 total

	out=$(checkpatch "$P") || rc=$?
	total=$(cp_total "$out")
	if [ -z "$total" ] || grep -q 'No codespell typos will be found' <<<"$out"; then
		echo fail
		printf 'checkpatch did not complete (exit %s, no "total:" line): %s\n' "$rc" \
			"$(grep -v '^\s*$' <<<"$out" | tail -n 2 | tr '\n' ' ')"
		return
	fi
	if [[ "$total" == "total: 0 errors, 0 warnings, 0 checks, "* ]]; then
		if [ "$rc" -eq 0 ]; then
			echo pass
		else
			printf 'fail\ncheckpatch exited %s after "%s"\n' "$rc" "$total"
		fi
		return
	fi
	if [[ ! "$total" =~ ^total:\ 0\ errors ]]; then
		echo fail
	else
		echo warn
	fi
	printf '%s\n' "$total"
	{ grep -E '(ERROR|WARNING|CHECK):' <<<"$out" || true; } | first 5
}

# selftest_checkpatch: the self-test of the tool(s) this check runs (see
# tooling/check); a finding goes in bad[].
selftest_checkpatch() {
	local out rc

	CP_DICT=$(codespell_dict)
	ST_TOOLS+=("checkpatch (codespell: $CP_DICT)")
	# checkpatch with codespell: a typo in an added line. "coutners" is in
	# codespell's dictionary and not in checkpatch's own spelling.txt, so
	# only the dictionary can flag it.
	if [ -z "$CP_DICT" ] || [ ! -s "$CP_DICT" ]; then
		bad+=("codespell: no dictionary${CP_DICT:+ at $CP_DICT}; checkpatch --codespell would find no typo (package codespell)")
	else
		printf '%s\n' 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001' \
			'From: Self Test <selftest@example.org>' 'Date: Thu, 1 Jan 2026 00:00:00 +0000' \
			'Subject: [PATCH] lib: self-test of the checks' '' \
			'A known-bad patch: the comment it adds has a typo.' '' \
			'Signed-off-by: Self Test <selftest@example.org>' '---' \
			'diff --git a/lib/selftest.c b/lib/selftest.c' 'new file mode 100644' \
			'--- /dev/null' '+++ b/lib/selftest.c' '@@ -0,0 +1,2 @@' \
			'+// SPDX-License-Identifier: GPL-2.0' '+/* Both coutners start at zero. */' '-- ' '2.39.5' >"$ST/typo.patch"
		rc=0
		out=$(checkpatch "$ST/typo.patch") || rc=$?
		if [ -z "$(cp_total "$out")" ]; then
			bad+=("checkpatch.pl did not complete on the self-test patch (exit $rc): $(grep -v '^\s*$' <<<"$out" | tail -n 2 | tr '\n' ' ')($ST_SRC; package perl)")
		elif ! grep -q "'coutners' may be misspelled" <<<"$out"; then
			bad+=("checkpatch.pl --codespell --codespellfile $CP_DICT did not flag the typo 'coutners' (a word only codespell's dictionary has): $(grep -m 1 -i 'codespell' <<<"$out" || cp_total "$out") (package codespell; $ST_SRC)")
		fi
	fi
}
