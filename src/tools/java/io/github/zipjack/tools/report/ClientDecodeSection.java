package io.github.zipjack.tools.report;

import io.github.zipjack.tools.report.ParallelResults.Ratio;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A service's HTTP client decoding compressed answers, from ClientDecodeBenchmark: per dataset and
 * thread count, one row per client with its answers per second, the bytes of one answer on the wire
 * (the benchmark's {@code wireBytes} counter per operation), its throughput over RestClient's with the
 * error of both scores combined in quadrature, and whether the target for that client holds. Not
 * thread-safe.
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
  /** A target the ratio reaches within its error one way and misses within it the other. */
  static final String UNSETTLED = "unsettled: the error spans it";
  /** The least throughput over {@link #RESTCLIENT_GZIP}'s each client must reach. */
  static final Map<String, Double> TARGETS = Map.of(ZIPJACK_ZSTD, 1.5, ZIPJACK_GZIP, 1.1);
  private static final List<String> CLIENT_ORDER = List.of(ZIPJACK_ZSTD, ZIPJACK_GZIP, RESTCLIENT_GZIP);

  static final String ANSWERS = "answers/s";
  static final String BYTES_PER_ANSWER = "wire bytes/answer";
  static final String VS_RESTCLIENT = "× " + RESTCLIENT_GZIP;

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
        + " answer's body. A ratio's ± combines both scores' JMH errors in quadrature; \"holds\" is yes when the"
        + " ratio less its error reaches the target, NO when the ratio plus its error does not, and"
        + " \"" + UNSETTLED + "\" between.", CLASS, ResultSet.measuredOn(measured), ZIPJACK_ZSTD, ZIPJACK_GZIP,
        RESTCLIENT_GZIP));
    doc.table(table());
  }

  /** One row per dataset, thread count and client; package-private for tests. */
  MarkdownTable table() {
    MarkdownTable table = new MarkdownTable("dataset", "threads", CLIENT, ANSWERS, BYTES_PER_ANSWER, VS_RESTCLIENT,
        TargetSection.REQUIRED, TargetSection.HOLDS);
    List<JmhResult> rows = new ArrayList<>(results.ofClass(CLASS));
    rows.sort(Comparator.comparing((JmhResult r) -> String.valueOf(r.param(Suite.DATASET)))
        .thenComparing(JmhResult::threads).thenComparing(ClientDecodeSection::clientOrder)
        .thenComparing(r -> String.valueOf(r.param(CLIENT))));
    for (JmhResult r : rows) {
      String client = String.valueOf(r.param(CLIENT));
      Ratio ratio = RESTCLIENT_GZIP.equals(client) ? Ratio.NONE
          : Ratio.throughputOf(Optional.of(r), reference(r));
      Double target = TARGETS.get(client);
      table.addRow(r.param(Suite.DATASET), Integer.toString(r.threads()), client,
          Figures.withError(r.opsPerSecond(), r.errorOpsPerSecond()), Figures.bytes(r.counterPerOp(WIRE_BYTES)),
          ratio.text(), target == null ? MarkdownTable.NONE : "≥ " + Figures.ratio(target),
          target == null || !ratio.known() ? MarkdownTable.NONE : verdict(ratio, target));
    }
    return table;
  }

  /**
   * Whether {@code ratio} clears {@code target}: {@link TargetSection#YES} when it does even less
   * its error, {@link TargetSection#NO} when it does not even plus its error, else {@link #UNSETTLED};
   * a ratio without an error is read as it is.
   */
  static String verdict(Ratio ratio, double target) {
    double error = ratio.errorOrZero();
    if (ratio.value() - error >= target) {
      return TargetSection.YES;
    }
    return ratio.value() + error < target ? TargetSection.NO : UNSETTLED;
  }

  /** RestClient's result on the same dataset at the same thread count. */
  private Optional<JmhResult> reference(JmhResult like) {
    return results.ofClass(CLASS).stream()
        .filter(r -> RESTCLIENT_GZIP.equals(r.param(CLIENT)) && r.threads() == like.threads()
            && String.valueOf(r.param(Suite.DATASET)).equals(like.param(Suite.DATASET)))
        .findFirst();
  }

  /** The known clients in {@link #CLIENT_ORDER}, any other after them. */
  private static int clientOrder(JmhResult r) {
    int at = CLIENT_ORDER.indexOf(r.param(CLIENT));
    return at < 0 ? CLIENT_ORDER.size() : at;
  }
}
