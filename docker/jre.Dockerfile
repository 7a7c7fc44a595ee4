# A JRE base made from Debian's packages, for machines that cannot pull eclipse-temurin:17-jre:
# test.sh builds it on the Debian image it imports (debootstrap), with --network host.
ARG DEBIAN_IMAGE=debian:bookworm-slim
FROM ${DEBIAN_IMAGE}
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends openjdk-17-jre-headless \
 && apt-get clean && rm -rf /var/lib/apt/lists/*
