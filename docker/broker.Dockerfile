# The broker (broker/server's wsqos-broker.jar, copied to jars/ first: see README.md).
# JRE_IMAGE: any image with a Java 17+ runtime on the PATH and bash (for the health check).
ARG JRE_IMAGE=eclipse-temurin:17-jre
FROM ${JRE_IMAGE}
RUN (groupadd --system wsqos && useradd --system --gid wsqos --home-dir /var/lib/wsqos wsqos) \
 && mkdir -p /opt/wsqos /var/lib/wsqos && chown wsqos:wsqos /var/lib/wsqos
COPY jars/wsqos-broker.jar /opt/wsqos/wsqos-broker.jar
COPY healthcheck.sh /opt/wsqos/healthcheck.sh
USER wsqos
WORKDIR /var/lib/wsqos
# Configuration by the broker's environment variables (broker/README.md#configuration); the
# registry belongs in PostgreSQL (WSQOS_BROKER_JDBC_URL) when several instances share it.
ENV WSQOS_BROKER_HOST=0.0.0.0 \
    WSQOS_BROKER_PORT=8090
EXPOSE 8090
HEALTHCHECK --interval=5s --timeout=5s --start-period=120s --retries=6 \
  CMD ["/opt/wsqos/healthcheck.sh", "8090"]
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=50", "-jar", "/opt/wsqos/wsqos-broker.jar"]
