package io.wsqos.monitor.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.wsqos.monitor.Outcome;
import io.wsqos.monitor.QosRecord;
import io.wsqos.monitor.Side;
import io.wsqos.monitor.Validity;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RecordColumnsTest {

  /** Records that differ in every field, valid and invalid, some values absent or unknown. */
  private static QosRecord record(int i) {
    QosRecord.Builder builder =
        QosRecord.builder("Svc" + i % 3, "op" + i, "http://127.0.0.1:" + (1000 + i) + "/x", side(i))
            .recordedAt(Instant.ofEpochSecond(1_700_000_000L + i, 123_456_789 + i))
            .outcome(Outcome.values()[i % Outcome.values().length])
            .sizes(i % 4 == 0 ? QosRecord.UNKNOWN_SIZE : 100 + i, 2_000 + i);
    if (side(i) == Side.REQUESTER) {
      builder.t1(1_000L * i).t4(1_000L * i + 900);
    }
    if (i % 5 != 0) {
      builder.t2(50_000L + i).t3(50_300L + i);
    }
    if (i % 7 == 0) {
      builder.invalid(Validity.MALFORMED_TIMESTAMP);
    }
    return builder.build();
  }

  private static Side side(int i) {
    return i % 2 == 0 ? Side.REQUESTER : Side.PROVIDER;
  }

  private static List<QosRecord> records(int from, int to) {
    return IntStream.range(from, to).mapToObj(RecordColumnsTest::record).toList();
  }

  @Test
  void givesBackEqualRecordsOldestFirstInChunks() {
    RecordColumns columns = new RecordColumns(5_000);
    List<QosRecord> in = records(0, 3_000);
    columns.addAll(in.subList(0, 1_000));
    columns.addAll(in.subList(1_000, 3_000));
    assertThat(columns.size()).isEqualTo(3_000);
    assertThat(columns.room()).isEqualTo(2_000);

    List<QosRecord> out = new ArrayList<>();
    assertThat(columns.removeOldest(out, 500)).isEqualTo(500);
    assertThat(columns.size()).isEqualTo(2_500);
    while (columns.removeOldest(out, 500) > 0) {}

    assertThat(out).isEqualTo(in);
    assertThat(out).extracting(QosRecord::validity).contains(Validity.MALFORMED_TIMESTAMP);
    assertThat(columns.size()).isZero();
    assertThat(columns.room()).isEqualTo(5_000);
  }

  @Test
  void keepsOrderWhenAddingAfterAPartialRemoval() {
    RecordColumns columns = new RecordColumns(1_500);
    columns.addAll(records(0, 1_000));
    List<QosRecord> out = new ArrayList<>();
    columns.removeOldest(out, 600);
    // 400 held, 1,100 added: only fits after moving the 400 to the front and growing.
    columns.addAll(records(1_000, 2_100));
    assertThat(columns.room()).isZero();

    columns.removeOldest(out, Integer.MAX_VALUE);

    assertThat(out).isEqualTo(records(0, 2_100));
  }

  @Test
  void refusesMoreThanItsCapacityAndKeepsWhatItHolds() {
    RecordColumns columns = new RecordColumns(10);
    columns.addAll(records(0, 8));

    assertThatThrownBy(() -> columns.addAll(records(8, 11)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("3 records do not fit in the room for 2");
    List<QosRecord> out = new ArrayList<>();
    columns.removeOldest(out, 100);
    assertThat(out).isEqualTo(records(0, 8));
    assertThatThrownBy(() -> new RecordColumns(0)).hasMessage("capacity: 0 (expected: >= 1)");
  }
}
