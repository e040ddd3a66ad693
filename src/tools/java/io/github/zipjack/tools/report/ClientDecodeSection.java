package io.github.zipjack.tools.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A service's HTTP client decoding compressed answers, from ClientDecodeBenchmark: per dataset and
 * thread count, one row per client with its answers per second, the bytes of one answer on the wire
 * (the benchmark's {@code wireBytes} counter per operation). No ratio between clients: one fork per
 * figure cannot settle one, so the client targets are judged in paired rounds (ClientTargetsMain,
 * {@code bench/run --client}). Not thread-safe.
 */
final class ClientDecodeSection {
  static final String HEADING = "HTTP client decoding";
  static final String CLASS = "ClientDecodeBenchmark";
  static final String CLIENT = "client";
  static final String WIRE_BYTES = "wireBytes";
  static final String ZIPJACK_ZSTD = "zipjack-zstd";
  static final String ZIPJACK_GZIP = "zipjack-gzip";
  /** The reference every other client is divided by. */
  static final String RESTCLIENT_GZIP = "restclient-gzip";
  private static final List<String> CLIENT_ORDER = List.of(ZIPJACK_ZSTD, ZIPJACK_GZIP, RESTCLIENT_GZIP);

  static final String ANSWERS = "answers/s";
  static final String BYTES_PER_ANSWER = "wire bytes/answer";

  private final ResultSet results;

  ClientDecodeSection(ResultSet results) {
    this.results = results;
  }

  void appendTo(ReportDocument doc) {
    List<JmhResult> measured = results.ofClass(CLASS);
    if (!doc.benchmarkSection(HEADING, CLASS, measured)) {
      return;
    }
    doc.paragraph(String.format(Locale.ROOT, "%s, %s: a client asks a server on 127.0.0.1 for the dataset and"
        + " decodes the answer into its objects; the server answers every request on a kept-alive connection"
        + " with bytes compressed once in set-up, so it costs next to nothing. %s and %s: zipjack's"
        + " CompressedHttpClient over java.net.http, the answer in zstd(1) or gzip(1); %s: Spring's RestClient"
        + " on its JdkClientHttpRequestFactory, decoding the same gzip(1) bytes itself. Wire bytes: the"
        + " answer's body. One fork a figure, ± JMH's error: the clients' ratios and their targets are judged"
        + " in paired rounds (bench/run --client).", CLASS, ResultSet.measuredOn(measured), ZIPJACK_ZSTD,
        ZIPJACK_GZIP, RESTCLIENT_GZIP));
    doc.table(table());
  }

  /** One row per dataset, thread count and client; package-private for tests. */
  MarkdownTable table() {
    MarkdownTable table = new MarkdownTable("dataset", "threads", CLIENT, ANSWERS, BYTES_PER_ANSWER);
    List<JmhResult> rows = new ArrayList<>(results.ofClass(CLASS));
    rows.sort(Comparator.comparing((JmhResult r) -> String.valueOf(r.param(Suite.DATASET)))
        .thenComparing(JmhResult::threads).thenComparing(ClientDecodeSection::clientOrder)
        .thenComparing(r -> String.valueOf(r.param(CLIENT))));
    for (JmhResult r : rows) {
      table.addRow(r.param(Suite.DATASET), Integer.toString(r.threads()), String.valueOf(r.param(CLIENT)),
          Figures.withError(r.opsPerSecond(), r.errorOpsPerSecond()), Figures.bytes(r.counterPerOp(WIRE_BYTES)));
    }
    return table;
  }

  /** The known clients in {@link #CLIENT_ORDER}, any other after them. */
  private static int clientOrder(JmhResult r) {
    int at = CLIENT_ORDER.indexOf(r.param(CLIENT));
    return at < 0 ? CLIENT_ORDER.size() : at;
  }
}
