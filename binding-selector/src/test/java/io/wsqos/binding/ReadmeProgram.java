package io.wsqos.binding;

import io.wsqos.binding.kit.Catalog;
import io.wsqos.binding.kit.CatalogImpl;
import io.wsqos.server.EmbeddedServer;

/**
 * The README's program as a user runs it, on the loopback and free ports: it publishes, calls
 * through a proxy, prints the explanation and closes both. {@link ReadmeProgramTest} checks that
 * the JVM then exits by itself. Its body is the README's snippet (a region that the architecture
 * module's {@code SnippetRegionsTest} keeps equal to the README's copy).
 */
public final class ReadmeProgram {

  private ReadmeProgram() {}

  public static void main(String[] args) throws Exception {
    // snippet-start binding-selector-readme
    LocalRegistry local = new LocalRegistry(); // shared by publisher and clients of one JVM
    try (Publication pub =
            BindingPublisher.builder(Catalog.class, new CatalogImpl())
                .local(local)
                .cxfLocal(local)
                .rmi("127.0.0.1")
                .soap(EmbeddedServer.builder().host("127.0.0.1").port(0), "/catalog")
                .publish();
        BindingProxy<Catalog> proxy =
            BindingProxy.builder(Catalog.class)
                .descriptorUrl(pub.descriptorUrl().orElseThrow())
                .localRegistry(local)
                .build()) {
      proxy.service().find(CatalogImpl.KNOWN_SKU);
      System.out.println(proxy.explain()); // chosen at the first call
    } // closing both unexports the RMI object and stops the server, so the JVM can exit
    // snippet-end binding-selector-readme
  }
}
