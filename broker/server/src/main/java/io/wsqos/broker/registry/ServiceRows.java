package io.wsqos.broker.registry;

import io.wsqos.broker.api.Service;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.xml.namespace.QName;

/** Table {@code broker_service}: the services, by WSDL port type. */
final class ServiceRows {

  private static final String NAME = "broker_service";

  /** The columns of a {@link Service}. */
  static final Columns COLUMNS =
      Columns.of(NAME, "id", "port_type_namespace", "port_type_local_part", "wsdl_location");

  private static final int ID = COLUMNS.offset("id");
  private static final int NAMESPACE = COLUMNS.offset("port_type_namespace");
  private static final int LOCAL_PART = COLUMNS.offset("port_type_local_part");
  private static final int WSDL_LOCATION = COLUMNS.offset("wsdl_location");

  static final Table<Service> TABLE =
      new Table<>("service", COLUMNS, ServiceRows::service, Service::id);

  private static final Columns REGISTERED = COLUMNS.from("port_type_namespace");
  private static final Columns MOVED = COLUMNS.from("wsdl_location");

  private ServiceRows() {}

  /** A service from {@link #COLUMNS} starting at column {@code first}. */
  static Service service(ResultSet r, int first) throws SQLException {
    return new Service(
        r.getLong(first + ID),
        new QName(r.getString(first + NAMESPACE), r.getString(first + LOCAL_PART)),
        URI.create(r.getString(first + WSDL_LOCATION)));
  }

  /** Inserts the service of {@code portType} described at {@code wsdlLocation}. */
  static Service insert(Connection c, QName portType, URI wsdlLocation) throws SQLException {
    long id =
        TABLE.insert(
            c,
            REGISTERED,
            portType.getNamespaceURI(),
            portType.getLocalPart(),
            wsdlLocation.toString());
    return new Service(id, portType, wsdlLocation);
  }

  /** Moves the WSDL of service {@code id}, which must exist, to {@code wsdlLocation}. */
  static Service move(Connection c, long id, URI wsdlLocation) throws SQLException {
    TABLE.update(c, id, MOVED, wsdlLocation.toString());
    return TABLE.written(c, id);
  }
}
