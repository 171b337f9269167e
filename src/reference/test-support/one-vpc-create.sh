#!/bin/sh
# A client's test in another language than ours: through the fake's request journal, it asserts that its client sent exactly one POST /v4/vpcs.
# FAKE is the fake's origin (http://127.0.0.1:8080), TOKEN its owner token; CLIENT_POSTS is how many times the "client" posts (1; the self-test also runs 2 to see the assertion fail).
set -eu

curl -fsS -X DELETE "$FAKE/__cloudconf/requests" >/dev/null

# The client under test: here, a loop of curl calls.
i=0
while [ "$i" -lt "${CLIENT_POSTS:-1}" ]; do
  curl -fsS -X POST "$FAKE/v4/vpcs" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
    -d '{"label":"from-shell","region":"us-east"}' >/dev/null
  i=$((i + 1))
done
curl -fsS "$FAKE/v4/vpcs" -H "Authorization: Bearer $TOKEN" >/dev/null

# The assertion: the journal counts the POSTs to /v4/vpcs, and only those.
count=$(curl -fsS -X POST "$FAKE/__cloudconf/requests/count" -H 'Content-Type: application/json' \
  -d '{"method":"POST","path":"/v4/vpcs"}')
if [ "$count" != '{"count":1}' ]; then
  echo "expected exactly one POST /v4/vpcs; the journal says $count" >&2
  exit 1
fi
echo 'ok: exactly one POST /v4/vpcs'
