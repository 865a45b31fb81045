#!/usr/bin/env bash
# Builds the image without Docker and without a registry, and prints its size and its layers (docs/benchmarks.md,
# "The image"). Not run by CI: it needs root, buildah and debootstrap (`apt-get install buildah debootstrap`), a
# Debian mirror and the package index.
#
#   sudo MIRROR=<a Debian mirror's URL> PYTHON=<a CPython 3.11 prefix> bench/image_build.sh [all|base|build|sizes|reuse|run]
#
# base   a stand-in for the Dockerfile's base image (no registry to pull it from): Debian trixie minbase, slimmed as
#        the official images' Debian base is (no docs, man pages or locales), the runtime libraries CPython needs,
#        and the CPython 3.11 of $PYTHON copied into /usr/local with pip, setuptools 65.5.1 and wheel<0.46 and no
#        bytecode, as python:3.11-slim-trixie has them. Tagged localhost/python-standin:3.11-slim-trixie and, for the
#        Dockerfile before the lock, python:3.11-slim. The Dockerfile's pinned BASE is kept: the stand-in is passed
#        as --build-arg BASE=... (buildah cannot give a local image the digest of the real one).
# sizes  the Dockerfile of HEAD and the one of $BEFORE (default 2362338, the last before issue 36) built from the
#        same source (HEAD, with clients/typescript/node_modules copied in if $NODE_MODULES names one), each from
#        nothing; prints every layer's bytes (the uncompressed tar, as `docker history` counts them) and gzipped.
# reuse  the time of a build and of a rebuild after a change of one source file: HEAD's build stage and the whole
#        Dockerfile before the lock. (buildah 1.28 caches a `RUN --mount=...,from=<stage>` step without looking at
#        the stage, and mounts a cached stage wrongly, so HEAD's final stage is not timed here; BuildKit keys such a
#        step by the content of the mounted path.)
# run    the built image's roles as its user: --help, print, serve answering /healthz and /readyz, `health`.
# build  sizes, reuse and run, on a base made before; all: base first.
#
# Where TLS to the package index passes a proxy with its own certificate authority, CA_BUNDLE=<bundle> lends the
# bundle to the build's RUN steps (mounted, never in a layer).
set -euo pipefail
WORK=${WORK:-/var/tmp/deskovka-image}
BEFORE=${BEFORE:-2362338}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=(buildah --root "$WORK/storage" --runroot "$WORK/run")
BASE=localhost/python-standin:3.11-slim-trixie
BUILD=(bud --format docker --isolation chroot --pull=never)
if [[ -n ${CA_BUNDLE:-} ]]; then
  mkdir -p "$WORK/buildenv"
  printf '[global]\ncert = /mnt/build-ca.crt\n' >"$WORK/buildenv/pip.conf"
  BUILD+=(-v "$CA_BUNDLE:/mnt/build-ca.crt:ro" -v "$WORK/buildenv/pip.conf:/etc/pip.conf:ro")
fi
mkdir -p "$WORK"

base() {
  : "${MIRROR:?MIRROR=<the URL of a Debian mirror>}" "${PYTHON:?PYTHON=<a CPython 3.11 prefix, e.g. a pyenv version>}"
  local r=$WORK/rootfs
  rm -rf "$r" "$WORK/basectx" && mkdir -p "$WORK/basectx"
  debootstrap --variant=minbase trixie "$r" "$MIRROR" >"$WORK/debootstrap.log"
  printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' \
    'path-exclude /usr/share/man/*' 'path-exclude /usr/share/info/*' 'path-exclude /usr/share/locale/*' \
    >"$r/etc/dpkg/dpkg.cfg.d/docker"
  cp /etc/resolv.conf "$r/etc/resolv.conf"
  chroot "$r" apt-get -q update >/dev/null
  chroot "$r" env DEBIAN_FRONTEND=noninteractive apt-get -q install -y --no-install-recommends ca-certificates \
    netbase tzdata libssl3t64 libsqlite3-0 libffi8 libbz2-1.0 liblzma5 zlib1g libreadline8t64 libncursesw6 \
    libuuid1 libexpat1 libgdbm6t64 >/dev/null
  chroot "$r" apt-get clean
  rm -rf "$r"/var/lib/apt/lists/* "$r"/usr/share/man/* "$r"/usr/share/info/* "$r"/usr/share/locale/*
  find "$r/usr/share/doc" -mindepth 2 ! -name copyright -type f -delete
  mkdir -p "$r/usr/local/bin" "$r/usr/local/lib" "$r/usr/local/include"
  cp -a "$PYTHON/include/python3.11" "$r/usr/local/include/"
  cp -a "$PYTHON"/lib/libpython3.11.so* "$PYTHON/lib/libpython3.so" "$PYTHON/lib/pkgconfig" "$r/usr/local/lib/"
  (cd "$PYTHON/lib" && tar -cf - --exclude='python3.11/site-packages/*' --exclude=__pycache__ --exclude='*.pyc' \
    --exclude=python3.11/test --exclude='*/tests' --exclude=idle_test --exclude='libpython*.a' python3.11) |
    tar -xf - -C "$r/usr/local/lib/"
  cp -a "$PYTHON/bin/python3.11" "$PYTHON/bin/python3.11-config" "$PYTHON/bin/pydoc3.11" "$r/usr/local/bin/"
  (cd "$r/usr/local/bin" && ln -sf python3.11 python3 && ln -sf python3 python && ln -sf pydoc3.11 pydoc3 &&
    ln -sf python3.11-config python3-config)
  grep -rl --binary-files=without-match "$PYTHON" "$r/usr/local" | xargs -r sed -i "s#$PYTHON#/usr/local#g"
  find "$r/usr/local" -type f \( -name '*.so' -o -name '*.so.*' -o -name python3.11 \) -exec strip --strip-all {} +
  chroot "$r" ldconfig
  local py=(chroot "$r" env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/tmp PYTHONDONTWRITEBYTECODE=1)
  "${py[@]}" python3 -m ensurepip --default-pip >/dev/null
  [[ -n ${CA_BUNDLE:-} ]] && cp "$CA_BUNDLE" "$r/tmp/ca.crt"
  "${py[@]}" ${CA_BUNDLE:+PIP_CERT=/tmp/ca.crt} python3 -m pip install -q --root-user-action=ignore --no-cache-dir \
    --no-compile --disable-pip-version-check pip==24.0 setuptools==65.5.1 'wheel<0.46'
  rm -rf "${r:?}"/tmp/* "$r/root/.cache"
  find "$r/usr/local" -depth \( \( -type d -a \( -name test -o -name tests -o -name idle_test \) \) -o \
    \( -type f -a \( -name '*.pyc' -o -name '*.pyo' -o -name 'libpython*.a' \) \) \) -exec rm -rf '{}' +
  tar --numeric-owner -C "$r" --exclude=./usr/local -cf "$WORK/basectx/debian.tar" .
  tar --numeric-owner -C "$r" -cf "$WORK/basectx/python.tar" ./usr/local
  printf '%s\n' 'FROM scratch' 'ADD debian.tar /' 'ADD python.tar /' \
    'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8' 'CMD ["python3"]' \
    >"$WORK/basectx/Containerfile"
  "${B[@]}" bud -q --layers -t "$BASE" "$WORK/basectx" >/dev/null
  "${B[@]}" tag "$BASE" docker.io/library/python:3.11-slim
  layers "$BASE"
}

contexts() {
  local d
  for d in new old; do
    rm -rf "$WORK/ctx-$d" && mkdir -p "$WORK/ctx-$d"
    git -C "$ROOT" archive HEAD | tar -x -C "$WORK/ctx-$d"
    if [[ -n ${NODE_MODULES:-} ]]; then
      mkdir -p "$WORK/ctx-$d/clients/typescript" && cp -a "$NODE_MODULES" "$WORK/ctx-$d/clients/typescript/"
    fi
  done
  git -C "$ROOT" show "$BEFORE:Dockerfile" >"$WORK/ctx-old/Dockerfile"
  git -C "$ROOT" show "$BEFORE:.dockerignore" >"$WORK/ctx-old/.dockerignore"
}

layers() { # the image's layers, oldest first: bytes (the uncompressed tar) and the step that made each
  "${B[@]}" inspect --type image "$1" >"$WORK/inspect.json"
  python3 - "$WORK/storage" "$1" "$WORK/inspect.json" <<'EOF'
import json, sys
storage, name, inspected = sys.argv[1:]
steps = [h.get("created_by", "") for h in json.load(open(inspected))["Docker"]["history"] if not h.get("empty_layer")]
images = json.load(open(storage + "/overlay-images/images.json"))
layers = {l["id"]: l for l in json.load(open(storage + "/overlay-layers/layers.json"))}
image = next(i for i in images if any(n.endswith(name) for n in i.get("names", [])))
chain, top = [], image["layer"]
while top:
    chain.append(layers[top])
    top = layers[top].get("parent")
chain.reverse()
print(f"{name}: {sum(l['diff-size'] for l in chain)} bytes in {len(chain)} layers")
for layer, step in zip(chain, steps):
    print(f"  {layer['diff-size']:>11}  {step.replace('/bin/sh -c ', '')[:96]}")
EOF
}

sizes() {
  contexts
  # --layers keeps a layer a step, as Docker does (without it buildah commits a stage as one layer); --no-cache
  # because buildah 1.28 mounts a cached stage wrongly.
  timed head "${B[@]}" "${BUILD[@]}" --layers --no-cache --build-arg "BASE=$BASE" -t localhost/deskovka:head \
    "$WORK/ctx-new"
  timed before "${B[@]}" "${BUILD[@]}" --layers --no-cache -t localhost/deskovka:before "$WORK/ctx-old"
  layers localhost/deskovka:head
  layers localhost/deskovka:before
  gzipped head
  gzipped before
}

gzipped() { # the layers' bytes as a registry holds them (gzip, as `buildah push` compresses them)
  rm -rf "$WORK/oci-$1"
  "${B[@]}" push -q "localhost/deskovka:$1" "oci:$WORK/oci-$1:$1" >/dev/null
  python3 - "$WORK/oci-$1" "$1" <<'EOF'
import json, sys
from pathlib import Path
folder, name = Path(sys.argv[1]), sys.argv[2]
digest = json.loads((folder / "index.json").read_text())["manifests"][0]["digest"].split(":")[1]
sizes = [layer["size"] for layer in json.loads((folder / "blobs/sha256" / digest).read_text())["layers"]]
print(f"{name} gzipped: {sum(sizes)} bytes, layers {sizes}")
EOF
}

timed() { # timed LABEL COMMAND...: runs it, prints the seconds it took
  local label=$1 start end
  shift
  start=$(date +%s.%N)
  "$@" >"$WORK/$label.log" 2>&1 || { tail "$WORK/$label.log"; return 1; }
  end=$(date +%s.%N)
  printf '%-28s %6.1f s\n' "$label" "$(echo "$end - $start" | bc)"
}

reuse() {
  contexts
  local one=api/__init__.py
  timed head-stage-cold "${B[@]}" "${BUILD[@]}" --no-cache --layers --target build --build-arg "BASE=$BASE" \
    -t localhost/deskovka-stage:head "$WORK/ctx-new"
  timed before-cold "${B[@]}" "${BUILD[@]}" --no-cache --layers -t localhost/deskovka:before-reuse "$WORK/ctx-old"
  echo "# a change of $one" | tee -a "$WORK/ctx-new/$one" >>"$WORK/ctx-old/$one"
  timed head-stage-source-change "${B[@]}" "${BUILD[@]}" --layers --target build --build-arg "BASE=$BASE" \
    -t localhost/deskovka-stage:head "$WORK/ctx-new"
  timed before-source-change "${B[@]}" "${BUILD[@]}" --layers -t localhost/deskovka:before-reuse "$WORK/ctx-old"
  grep -c 'Using cache' "$WORK/head-stage-source-change.log" "$WORK/before-source-change.log" || true
}

run() {
  local image=${1:-localhost/deskovka:head} c m
  c=$("${B[@]}" from --pull=never "$image")
  m=$("${B[@]}" mount "$c")
  trap '"${B[@]}" umount "$c" >/dev/null; "${B[@]}" rm "$c" >/dev/null' RETURN
  local as=(chroot --userspec=10001:10001 "$m" env -i PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8
    HOME=/home/deskovka DESKOVKA_DATA_DIR=/home/deskovka/data PYTHONUNBUFFERED=1)
  mount -t proc proc "$m/proc" && mount -t tmpfs tmpfs "$m/tmp" && mount -o bind /dev "$m/dev"
  trap 'umount "$m/proc" "$m/tmp" "$m/dev"; "${B[@]}" umount "$c" >/dev/null; "${B[@]}" rm "$c" >/dev/null' RETURN
  "${as[@]}" id
  "${as[@]}" deskovka --version
  timed help "${as[@]}" deskovka --help
  (cd "$m/home/deskovka/work" && "${as[@]}" sh -c 'cd /home/deskovka/work && deskovka print calibration -o cal.pdf')
  ls -l "$m/home/deskovka/work/cal.pdf"
  "${as[@]}" deskovka serve --host 127.0.0.1 --port "${PORT:-18765}" >"$WORK/serve.log" 2>&1 &
  local serve=$! i
  for i in $(seq 60); do
    curl -fsS "http://127.0.0.1:${PORT:-18765}/readyz" >/dev/null 2>&1 && break
    sleep 1
  done
  curl -sS -w ' %{http_code}\n' "http://127.0.0.1:${PORT:-18765}/healthz"
  curl -sS -w ' %{http_code}\n' "http://127.0.0.1:${PORT:-18765}/readyz"
  "${as[@]}" deskovka health --pid "$serve" && echo "deskovka health: exit 0"
  kill -TERM "$serve" && wait "$serve" || true
  tail -3 "$WORK/serve.log"
}

case ${1:-all} in
  base) base ;;
  sizes) sizes ;;
  reuse) reuse ;;
  run) run "${2:-}" ;;
  all) base && sizes && reuse && run ;;
  build) sizes && reuse && run ;;
  *) echo "usage: $0 [all|base|build|sizes|reuse|run [IMAGE]]" >&2 && exit 2 ;;
esac
