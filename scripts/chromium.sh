#!/bin/sh
# Runs Debian's Chromium (or $MCPSCOPE_CHROMIUM) for the tests and benches, with every --disable-features= merged into
# one, and every --enable-features= into another. Chromium keeps only the last of a switch given twice, and Playwright
# passes lists of its own before ours (scripts/chromium-flags.mjs): without the merge, ours replaced Playwright's.
n=$#
disable=''
enable=''
for a in "$@"; do
  case $a in
    --disable-features=*) disable="${disable:+$disable,}${a#--disable-features=}" ;;
    --enable-features=*) enable="${enable:+$enable,}${a#--enable-features=}" ;;
    *) set -- "$@" "$a" ;;
  esac
done
shift "$n"
exec "${MCPSCOPE_CHROMIUM:-/usr/bin/chromium}" ${disable:+"--disable-features=$disable"} ${enable:+"--enable-features=$enable"} "$@"
