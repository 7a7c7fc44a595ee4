package io.wsqos.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.testing.FeatureKit.Attachment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.feature.Feature;
import org.apache.cxf.interceptor.InterceptorProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The kit passes a feature that leaves nothing, and names what one leaves behind. */
class FeatureKitTest {

  @TempDir Path directory;

  private final CountDownLatch release = new CountDownLatch(1);
  private FileChannel leakedFile;

  @AfterEach
  void releaseLeaks() throws IOException {
    release.countDown();
    if (leakedFile != null) {
      leakedFile.close();
    }
  }

  /** A feature that counts where it was added; what else it does is {@link #added()}'s. */
  private static class Counting implements Feature {
    final AtomicInteger added = new AtomicInteger();

    void added() {
      added.incrementAndGet();
    }

    @Override
    public void initialize(Server server, Bus bus) {
      added();
    }

    @Override
    public void initialize(Client client, Bus bus) {
      added();
    }

    @Override
    public void initialize(InterceptorProvider provider, Bus bus) {
      added();
    }

    @Override
    public void initialize(Bus bus) {
      added();
    }
  }

  @ParameterizedTest
  @EnumSource(Attachment.class)
  void aFeatureThatOwnsNothingPassesWhereverItIsAdded(Attachment attachment) {
    Counting counting = new Counting();

    FeatureKit.run(
        FeatureKit.features("counting", () -> List.of(counting))
            .afterCall(run -> assertThat(run.attachment()).isEqualTo(attachment)),
        attachment);

    assertThat(counting.added).hasValue(1);
  }

  @Test
  void aFeatureThatLeavesAWsqosThreadFails() {
    Attachment attachment = Attachment.ENDPOINT;
    Feature leaking =
        new Counting() {
          @Override
          void added() {
            leakThread();
          }
        };

    assertThatThrownBy(
            () ->
                FeatureKit.run(FeatureKit.features("leaking", () -> List.of(leaking)), attachment))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("leaking on the " + attachment + " left wsqos threads")
        .hasMessageContaining("wsqos-leak");
  }

  @Test
  void aFeatureThatLeavesAFileOpenFails() {
    Attachment attachment = Attachment.ENDPOINT;
    Feature opening =
        new Counting() {
          @Override
          void added() {
            openFile();
          }
        };

    assertThatThrownBy(
            () ->
                FeatureKit.run(
                    FeatureKit.features("opening", () -> List.of(opening)).files(directory),
                    attachment))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("opening on the " + attachment + " left open files")
        .hasMessageContaining("held.db");
  }

  private void leakThread() {
    Thread thread =
        new Thread(
            () -> {
              try {
                release.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "wsqos-leak");
    thread.setDaemon(true);
    thread.start();
  }

  private void openFile() {
    try {
      Path file = Files.createFile(directory.resolve("held.db"));
      leakedFile = FileChannel.open(file, StandardOpenOption.READ);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
