# The bookstore showcase (examples/bookstore's bookstore.jar, copied to jars/ first: see README.md).
# JRE_IMAGE: any image with a Java 17+ runtime on the PATH and bash (for the health check).
ARG JRE_IMAGE=eclipse-temurin:17-jre
FROM ${JRE_IMAGE}
RUN (groupadd --system wsqos && useradd --system --gid wsqos --home-dir /var/lib/wsqos wsqos) \
 && mkdir -p /opt/wsqos /var/lib/wsqos && chown wsqos:wsqos /var/lib/wsqos
COPY jars/bookstore.jar /opt/wsqos/bookstore.jar
COPY healthcheck.sh /opt/wsqos/healthcheck.sh
USER wsqos
WORKDIR /var/lib/wsqos
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=5s --start-period=120s --retries=6 \
  CMD ["/opt/wsqos/healthcheck.sh", "8080"]
# Configuration by the bookstore's environment variables (examples/bookstore/README.md#options):
# every interface, dynamic compression, the monitor's log in the volume.
ENV WSQOS_BOOKSTORE_HOST=0.0.0.0 \
    WSQOS_BOOKSTORE_COMPRESSION=dynamic \
    WSQOS_BOOKSTORE_MONITOR=true \
    WSQOS_BOOKSTORE_MONITOR_DB_DIR=/var/lib/wsqos/monitor
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=50", "-jar", "/opt/wsqos/bookstore.jar"]
