# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# shellcheck disable=SC2154 # tooling/check's globals (C, P, NAME, WORK, scratch, bad, ...: README.md)
#
# xmas (NIPA: the reverse xmas tree part of its style checks) - reverse
# xmas tree order for the local declaration blocks the patch adds to or
# changes (a declaration whose initialiser uses a variable declared
# above it may break the order); a break warns.
# xmas_file FILE ADDED: reverse xmas tree over the declaration blocks of
# FILE (the post-image) that contain a line number listed in ADDED.

xmas_file() {
	awk -v added="$2" '
	BEGIN { n = split(added, a, " "); for (i = 1; i <= n; i++) isadd[a[i]] = 1 }
	function flush(   i, j, k, name, dep, prevlen, bad) {
		if (cnt < 2) { cnt = 0; return }
		touched = 0
		for (i = 1; i <= cnt; i++) if (isadd[ln[i]]) touched = 1
		if (!touched) { cnt = 0; return }
		for (i = 2; i <= cnt; i++) {
			if (length(txt[i]) <= length(txt[i - 1])) continue
			if (!isadd[ln[i]] && !isadd[ln[i - 1]]) continue
			# A declaration that needs an earlier one may come later.
			dep = 0
			if (index(txt[i], "=")) {
				rhs = substr(txt[i], index(txt[i], "=") + 1)
				for (j = 1; j < i; j++) {
					name = vname[j]
					if (name != "" && match(rhs, "(^|[^A-Za-z0-9_])" name "([^A-Za-z0-9_]|$)")) dep = 1
				}
			}
			if (!dep) printf "line %d longer than line %d: %s\n", ln[i], ln[i - 1], txt[i]
		}
		cnt = 0
	}
	function declname(s,   t) {
		t = s
		sub(/=.*/, "", t); sub(/;.*/, "", t); sub(/\[.*/, "", t)
		gsub(/[*()]/, " ", t)
		n2 = split(t, w, /[ \t,]+/)
		while (n2 > 0 && w[n2] == "") n2--
		return n2 > 0 ? w[n2] : ""
	}
	/^\{$/ { infn = 1; cnt = 0; next }
	infn && /^\t(const |static |unsigned |signed |struct |enum |union |bool |char |short |int |long |u8 |u16 |u32 |u64 |s8 |s16 |s32 |s64 |size_t |ssize_t |gfp_t |[a-z_][a-z0-9_]*_t |void )[^()]*(\([^)]*\))?[^{}]*;$/ && !/^\t(return|goto|if|while|for)/ {
		cnt++; ln[cnt] = NR; txt[cnt] = $0; vname[cnt] = declname($0); next
	}
	infn { flush(); infn = 0 }
	END { flush() }
	' "$1"
}

check_xmas() {
	local f lines out=''

	while IFS= read -r f; do
		[ -n "$f" ] || continue
		lines=$(git -C "$WORK" diff -U0 "$C^" "$C" -- "$f" |
			sed -n 's/^@@ -[0-9,]* +\([0-9]*\),\{0,1\}\([0-9]*\) @@.*/\1 \2/p' |
			while read -r s n; do
				[ -n "$n" ] || n=1
				for ((k = s; k < s + n; k++)); do printf '%d ' "$k"; done
			done)
		[ -n "$lines" ] || continue
		git -C "$WORK" show "$C:$f" >"$scratch/xmas.c"
		out+=$(xmas_file "$scratch/xmas.c" "$lines" | sed "s|^|$f: |")
	done < <(git -C "$WORK" diff --name-only --diff-filter=AM "$C^" "$C" -- '*.c')
	if [ -z "$out" ]; then
		echo pass
	else
		echo warn
		printf '%s\n' "$out" | first 5
	fi
}
