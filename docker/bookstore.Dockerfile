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
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=50", "-jar", "/opt/wsqos/bookstore.jar"]
# The bookstore's options (examples/bookstore/README.md#options); listen on every interface.
CMD ["--host", "0.0.0.0", "--compression", "dynamic", "--monitor", "--monitor-db-dir", "/var/lib/wsqos/monitor"]
