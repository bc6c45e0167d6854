#!/usr/bin/env bash
# Rebuilds toolchain/: cc65 2.19's ca65, cc65 and ld65 compiled to WebAssembly (WASI) from Debian's source
# package `cc65` (its upstream tarball, checked against a pinned sha256), and the `nes` target's runtime files
# packed in share.zip: asminc/, include/ and cfg/nes.cfg from the same tarball, lib/nes.lib from Debian's binary
# package cc65 2.19-1 (amd64, pinned sha256). The sources are built unpatched; two added files start each tool
# in the directory the runner names (wasi-start-dir.c) and give it glibc's stable qsort order (stable-qsort.c).
#
# Why Debian's nes.lib and not one built here: a library built from these sources is the same 6502 code but
# records the build's file times and paths (ar65 and ca65 store mtimes), so no two builds are the same bytes;
# Debian's is fixed, and it is the very library native Debian cc65 links, so ROMs and debug files match too.
#
# Needs (Debian): clang lld llvm wasi-libc libclang-rt-dev-wasm32 make node (with the repo's node_modules).
# It never changes the machine's apt setup: a private sources list (the machine's own lines, plus their
# `deb-src` twins) and private package lists live in the work directory.
#
# Usage: packages/cc65-wasm/scripts/build-toolchain.sh [--check]
#   --check  build into the work directory and compare with the committed toolchain/ (sha256), change nothing
set -euo pipefail

PKG=$(cd "$(dirname "$0")/.." && pwd)
WORK=${CC65_WASM_WORK:-${TMPDIR:-/tmp}/nes-studio-cc65-build}
DEB_VERSION=2.19-1
ORIG=cc65_2.19.orig.tar.gz
ORIG_SHA256=157b8051aed7f534e5093471e734e7a95e509c577324099c3c81324ed9d0de77
DEB=cc65_2.19-1_amd64.deb
DEB_SHA256=6a6662330df7f2d269f6747fd98a34c505cd001ebd79434dee21256fbf041ca5
# The tools print "V2.18 - <BUILD_ID>" (cc65 2.19's version.c says 2.18; Debian's say "2.18 - Debian 2.19-1").
BUILD_ID="nes-studio wasm 2.19"
WASM_CC="clang --target=wasm32-wasi --sysroot=/usr"
# 8 MiB of stack as on Linux, placed first so an overflow traps instead of overwriting the heap.
WASM_LDFLAGS="-Wl,-z,stack-size=8388608 -Wl,--stack-first"

out=$PKG/toolchain
if [ "${1:-}" = "--check" ]; then out=$WORK/check-out; fi

need() {
  local missing=()
  for tool in clang wasm-ld llvm-ar make node sha256sum apt-get dpkg-deb; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  [ -f /usr/lib/wasm32-wasi/libc.a ] || missing+=(wasi-libc)
  ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a >/dev/null 2>&1 ||
    missing+=(libclang-rt-dev-wasm32)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "missing: ${missing[*]}" >&2
    echo "install with: apt-get install clang lld llvm wasi-libc libclang-rt-dev-wasm32 make" >&2
    exit 1
  fi
}

# The machine's own sources plus their `deb-src` twins, in a private list (one-line and deb822 formats).
private_sources() {
  local dir=$WORK/apt
  mkdir -p "$dir/sources.list.d" "$dir/lists/partial" "$dir/archives/partial"
  rm -f "$dir/sources.list.d/"*
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] && sed -n 's/^deb /&/p; s/^deb /deb-src /p' "$f" >>"$dir/sources.list.d/machine.list"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && sed 's/^Types: deb$/Types: deb deb-src/' "$f" >"$dir/sources.list.d/$(basename "$f")"
  done
  APT_OPTS=(-o "Dir::Etc::sourcelist=/dev/null" -o "Dir::Etc::sourceparts=$dir/sources.list.d"
    -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache::archives=$dir/archives")
  apt-get "${APT_OPTS[@]}" -qq update
}

fetch_packages() {
  mkdir -p "$WORK/src"
  if [ ! -f "$WORK/src/$ORIG" ] || [ ! -f "$WORK/src/$DEB" ]; then
    private_sources
    # Debian's debian.tar.xz part may be gone from the mirror; the upstream tarball is all we build from.
    (cd "$WORK/src" && apt-get "${APT_OPTS[@]}" source --download-only "cc65=$DEB_VERSION") || true
    (cd "$WORK/src" && apt-get "${APT_OPTS[@]}" download "cc65:amd64=$DEB_VERSION")
  fi
  echo "$ORIG_SHA256  $WORK/src/$ORIG" | sha256sum -c --quiet -
  echo "$DEB_SHA256  $WORK/src/$DEB" | sha256sum -c --quiet -
}

unpack() { # unpack DIR: a fresh copy of the source tree in $WORK/DIR
  rm -rf "${WORK:?}/$1"
  mkdir -p "$WORK/$1"
  tar xzf "$WORK/src/$ORIG" -C "$WORK/$1"
}

build_wasm_tools() {
  unpack wasm
  local tree=$WORK/wasm/cc65-2.19
  $WASM_CC -O2 -c "$PKG/scripts/wasi-start-dir.c" -o "$WORK/wasi-start-dir.o"
  $WASM_CC -O2 -c "$PKG/scripts/stable-qsort.c" -o "$WORK/stable-qsort.o"
  # PREFIX=/usr: the tools look for their files where Debian's package keeps them; the runner mounts them there.
  make -s -j2 -C "$tree/src" ca65 cc65 ld65 PREFIX=/usr BUILD_ID="$BUILD_ID" CC="$WASM_CC" AR=llvm-ar \
    LDFLAGS="$WASM_LDFLAGS $WORK/wasi-start-dir.o $WORK/stable-qsort.o" >"$WORK/wasm.log" 2>&1
}

stage_share() { # the runtime files as they will be mounted under /usr/share/cc65
  local tree=$WORK/wasm/cc65-2.19 share=$WORK/share
  rm -rf "$share"
  mkdir -p "$share/cfg" "$share/lib"
  cp -r "$tree/asminc" "$tree/include" "$share/"
  cp "$tree/cfg/nes.cfg" "$share/cfg/"
  dpkg-deb --fsys-tarfile "$WORK/src/$DEB" | tar -xO ./usr/share/cc65/lib/nes.lib >"$share/lib/nes.lib"
}

write_outputs() {
  local wasm=$WORK/wasm/cc65-2.19
  rm -rf "$out"
  mkdir -p "$out"
  for tool in ca65 cc65 ld65; do install -m 644 "$wasm/bin/$tool" "$out/$tool.wasm"; done
  install -m 644 "$wasm/LICENSE" "$out/LICENSE"
  # The tools link wasi-libc statically (CC0, BSD-2-Clause, MIT, Apache-2.0 parts): its notices travel with them.
  install -m 644 /usr/share/doc/wasi-libc/copyright "$out/LICENSE.wasi-libc"
  TZ=UTC node "$PKG/scripts/pack-share.mjs" "$WORK/share" "$out/share.zip"
  (cd "$out" && sha256sum LICENSE LICENSE.wasi-libc ca65.wasm cc65.wasm ld65.wasm share.zip >MANIFEST.sha256)
}

need
mkdir -p "$WORK"
fetch_packages
build_wasm_tools
stage_share
write_outputs
if [ "${1:-}" = "--check" ]; then
  (cd "$PKG/toolchain" && sha256sum -c "$out/MANIFEST.sha256")
  echo "toolchain/ matches a fresh build"
else
  cat "$out/MANIFEST.sha256"
fi
