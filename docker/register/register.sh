#!/bin/bash
# Registers the bookstore with the broker through its REST API, as the demo does in Java
# (examples/broker-demo): a provider, the bookstore's service (by its WSDL port type), the
# provider's endpoint and one offer. A provider of that name already there (a second `up` on the
# same database) is left as it is.
set -euo pipefail
broker=${WSQOS_BROKER_URL:?set WSQOS_BROKER_URL, e.g. http://broker-1:8090}
admin=${WSQOS_BROKER_ADMIN_TOKEN:?set WSQOS_BROKER_ADMIN_TOKEN}
address=${WSQOS_BOOKSTORE_ADDRESS:?set WSQOS_BOOKSTORE_ADDRESS, e.g. http://bookstore:8080/bookstore}
name=${WSQOS_PROVIDER_NAME:-Compose Books}
price=${WSQOS_OFFER_PRICE:-0.10}
port_type='{http://wsqos.io/ns/bookstore/1}Bookstore'

# POST $1 with body $2 as bearer $3; prints the body; fails on a status other than 201 unless it
# is $4.
post() {
  local out status
  out=$(mktemp)
  status=$(curl -sS --max-time 10 -o "$out" -w '%{http_code}' -X POST "$broker$1" \
    -H "Authorization: Bearer $3" -H 'Content-Type: application/json' --data "$2")
  cat "$out"
  rm -f "$out"
  if [ "$status" != 201 ] && [ "$status" != "${4:-201}" ]; then
    echo >&2 "register: POST $1 answered $status"
    return 1
  fi
}

body=$(post /api/providers "$(jq -nc --arg n "$name" '{name: $n}')" "$admin" 409)
if [ "$(jq -r '.error // empty' <<<"$body")" = duplicate ]; then
  echo "register: provider '$name' is already registered; nothing changed"
  exit 0
fi
provider=$(jq -r '.provider.id' <<<"$body")
token=$(jq -r '.token' <<<"$body")
service=$(post /api/services \
  "$(jq -nc --arg p "$port_type" --arg w "$address?wsdl" '{portType: $p, wsdlLocation: $w}')" \
  "$token" | jq -r '.id')
endpoint=$(post /api/endpoints \
  "$(jq -nc --argjson p "$provider" --argjson s "$service" --arg a "$address" \
    '{providerId: $p, serviceId: $s, address: $a, bindings: ["soap11"]}')" \
  "$token" | jq -r '.id')
offer=$(post /api/offers \
  "$(jq -nc --argjson e "$endpoint" --arg price "$price" \
    '{endpointId: $e, terms: {price: $price, currency: "EUR", maxResponseTimeMillis: 200,
      availability: 0.99, throughputPerSecond: 100, compression: true}}')" \
  "$token" | jq -r '.id')
echo "register: provider $provider ('$name'), service $service, endpoint $endpoint ($address), offer $offer at $price EUR"
