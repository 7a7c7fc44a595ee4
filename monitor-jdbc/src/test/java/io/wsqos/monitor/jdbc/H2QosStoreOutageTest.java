package io.wsqos.monitor.jdbc;

import io.wsqos.testing.db.TestDatabase;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.sql.SQLException;
import org.h2.tools.Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The outage kit on H2, reached as a client-server database through H2's TCP server. */
class H2QosStoreOutageTest extends QosStoreOutageKit {

  private static TestDatabase database;
  private static Server tcpServer;

  @BeforeAll
  static void startDatabaseAndItsTcpServer() throws SQLException {
    database = TestDatabase.h2().migrated(MonitorSchema::migrate);
    tcpServer = Server.createTcpServer("-tcpPort", "0").start();
  }

  @AfterAll
  static void stopThem() throws Exception {
    tcpServer.stop();
    database.close();
  }

  @Override
  TestDatabase database() {
    return database;
  }

  @Override
  InetSocketAddress databaseAddress() {
    return new InetSocketAddress(InetAddress.getLoopbackAddress(), tcpServer.getPort());
  }

  @Override
  String url(int port) {
    // jdbc:h2:mem:<name> in this JVM becomes jdbc:h2:tcp://127.0.0.1:<port>/mem:<name>.
    return "jdbc:h2:tcp://127.0.0.1:" + port + "/" + database.url().substring("jdbc:h2:".length());
  }
}
