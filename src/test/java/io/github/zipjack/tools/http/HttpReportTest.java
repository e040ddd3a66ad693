package io.github.zipjack.tools.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.tools.compare.RatioEstimate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reading of wrk's output and the Markdown that bench/http writes from it. No load is made. */
class HttpReportTest {

  /** wrk 4.1's output, captured from {@code wrk -t2 -c16 -d2s --latency} against HttpBenchServer. */
  static final String WRK_JETTY_GZIP = """
      Running 2s test @ http://127.0.0.1:18081/jetty/people-100
        2 threads and 16 connections
        Thread Stats   Avg      Stdev     Max   +/- Stdev
          Latency    83.29ms   53.73ms 348.75ms   74.01%
          Req/Sec    98.53     45.85   200.00     62.50%
        Latency Distribution
           50%   68.64ms
           75%  106.36ms
           90%  156.05ms
           99%  265.77ms
        401 requests in 2.07s, 16.00MB read
      Requests/sec:    193.29
      Transfer/sec:      7.71MB
      """;

  /** Captured against an unknown dataset (404s), with a socket error line in wrk's format added. */
  static final String WRK_WITH_ERRORS = """
      Running 1s test @ http://127.0.0.1:18081/plain/nope
        1 threads and 2 connections
        Thread Stats   Avg      Stdev     Max   +/- Stdev
          Latency     1.20ms    1.52ms  12.17ms   87.02%
          Req/Sec     2.62k     0.89k    3.91k    70.00%
        Latency Distribution
           50%  534.00us
           75%    1.48ms
           90%    3.15ms
           99%    1.02s
        2609 requests in 1.00s, 1.77MB read
        Socket errors: connect 0, read 1, write 0, timeout 3
        Non-2xx or 3xx responses: 2609
      Requests/sec:   2602.96
      Transfer/sec:      1.76MB
      """;

  @Test
  void wrkOutputGivesRequestsPerSecondAndTheP50AndP99Latencies() {
    WrkOutput out = WrkOutput.parse(WRK_JETTY_GZIP);
    assertEquals(193.29, out.requestsPerSecond(), 1e-9);
    assertEquals(68_640, out.p50Micros(), 1e-6);
    assertEquals(265_770, out.p99Micros(), 1e-6);
    assertEquals(401, out.requests());
    assertEquals(0, out.errors());
  }

  @Test
  void wrkLatenciesInMicrosecondsAndSecondsAreConverted() {
    WrkOutput out = WrkOutput.parse(WRK_WITH_ERRORS);
    assertEquals(534, out.p50Micros(), 1e-9);
    assertEquals(1_020_000, out.p99Micros(), 1e-6);
  }

  @Test
  void socketErrorsAndNon2xxResponsesCountAsErrors() {
    assertEquals(1 + 3 + 2609, WrkOutput.parse(WRK_WITH_ERRORS).errors());
  }

  @Test
  void wrkOutputWithoutLatencyDistributionIsRefusedSayingToPassLatency() {
    String withoutDistribution = WRK_JETTY_GZIP.replaceAll("(?s)  Latency Distribution.*?99%[^\n]*\n", "");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> WrkOutput.parse(withoutDistribution));
    assertTrue(e.getMessage().contains("--latency"), e.getMessage());
  }

  @Test
  void tableHasOneRowPerRunWithCodingLevelRatioToJettyAndContentLength() {
    String table = HttpReport.table(HttpRow.group(runs()));
    List<String> lines = table.lines().toList();
    assertEquals("| dataset    | variant | coding   | req/s | × jetty | p50 ms | p99 ms "
        + "| Content-Length | body bytes | errors |", lines.get(0));
    assertEquals("| people-100 | plain   | identity | 2,000 |       – |   1.00 |   5.00 "
        + "| no             |    116,097 |      0 |", lines.get(2));
    assertEquals("| people-100 | jetty   | gzip-1   |   193 |   1.00× |  68.64 | 265.77 "
        + "| no             |     41,474 |      0 |", lines.get(3));
    assertEquals("| people-100 | filter  | gzip-1   |   290 |   1.50× |  40.00 | 200.00 "
        + "| yes            |     41,400 |      0 |", lines.get(4));
    assertEquals("| people-100 | direct  | gzip-1   |   387 |   2.00× |  30.00 | 150.00 "
        + "| yes            |     41,400 |      0 |", lines.get(5));
    assertEquals(6, lines.size());
  }

  @Test
  void targetsCompareTheFilterWithJettyAndTheDirectHelperWithTheFilter() {
    List<List<String>> targets = HttpReport.targets(HttpRow.group(runs()));
    assertEquals(List.of(
        List.of("filter req/s × jetty (people-100, gzip-1)", "1.50×", "1", "≥ 1.00× with Content-Length",
            "inconclusive: about 1 more round (at least 1.00)"),
        List.of("direct req/s × filter (people-100, gzip-1)", "1.33×", "1", "≥ 1.00×",
            "inconclusive: about 1 more round (at least 1.00)")), targets);
  }

  @Test
  void filterFasterThanJettyWithoutContentLengthDoesNotMeetItsTarget() {
    List<HttpRun> runs = runs().stream()
        .map(r -> r.variant().equals("filter")
            ? new HttpRun(r.variant(), r.dataset(), r.coding(), false, r.bodyBytes(), r.wrk())
            : r)
        .toList();
    assertEquals("NO (no Content-Length)", HttpReport.targets(HttpRow.group(runs)).get(0).get(4));
  }

  @Test
  void captionSaysWrkAndTheServerShareTheCores() {
    String caption = HttpReport.caption("wrk -t2 -c16 -d10s", "2s", "JDK 25.0.3", 2);
    assertTrue(caption.contains("`wrk -t2 -c16 -d10s --latency` after a 2s warm-up"), caption);
    assertTrue(caption.contains("the mean over the rounds ± their standard deviation"), caption);
    assertTrue(caption.contains("in a fresh random order"), caption);
    assertTrue(caption.contains("with its 95% interval over the rounds"), caption);
    assertTrue(caption.contains("wrk and the server share the machine's 2 cores"), caption);
  }

  @Test
  void runsFileIsReadWithWrkOutputsBesideIt(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("wrk-jetty.txt"), WRK_JETTY_GZIP);
    Files.writeString(dir.resolve("runs.tsv"),
        "# variant\tdataset\tcoding\tcontent-length\tbody-bytes\twrk\n"
            + "jetty\tpeople-100\tgzip\tno\t41474\twrk-jetty.txt\n");
    List<HttpRun> runs = HttpRun.readAll(dir.resolve("runs.tsv"));
    assertEquals(List.of(new HttpRun("jetty", "people-100", "gzip", false, 41_474,
        WrkOutput.parse(WRK_JETTY_GZIP))), runs);
  }

  @Test
  void mainWritesTheMarkdownWithTheServersVariantLinesAsNotes(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("wrk-jetty.txt"), WRK_JETTY_GZIP);
    Files.writeString(dir.resolve("runs.tsv"), "jetty\tpeople-100\tgzip\tno\t41474\twrk-jetty.txt\n");
    Files.writeString(dir.resolve("server.log"), "variant jetty available: CompressionHandler\n"
        + "listening on http://127.0.0.1:1/\n");
    Path out = dir.resolve("report/http.md");
    HttpReport.main(new String[] {dir.resolve("runs.tsv").toString(), out.toString(),
        "--wrk", "wrk -t2 -c16 -d2s", "--warmup", "1s", "--jdk", "JDK 25", "--cores", "2",
        "--server-log", dir.resolve("server.log").toString()});
    String markdown = Files.readString(out);
    assertTrue(markdown.contains("| people-100 | jetty   | gzip-1 |   193 |"), markdown);
    assertTrue(markdown.endsWith("Variants:\n\n- jetty available: CompressionHandler\n"), markdown);
  }

  @Test
  void roundsOfARowGiveTheMeanAndStandardDeviationOfRequestsPerSecond() {
    List<HttpRow> rows = HttpRow.group(List.of(run("jetty", 100), run("jetty", 120), run("jetty", 140)));
    assertEquals(1, rows.size());
    assertEquals(120, rows.get(0).requestsPerSecond().mean(), 1e-9);
    assertEquals(20, rows.get(0).requestsPerSecond().sd(), 1e-9);
    assertTrue(HttpReport.table(rows).contains("| 120 ± 20 |   1.00× |"), HttpReport.table(rows));
  }

  @Test
  void ratioToJettyIsTheGeometricMeanOfTheRatiosTakenWithinEachRound() {
    // Round by round 1.10, 0.90 and 1.00: the machine slowed down in round 2 for both.
    List<HttpRow> rows = HttpRow.group(List.of(run("jetty", 100), run("filter", 110), run("jetty", 50),
        run("filter", 45), run("jetty", 80), run("filter", 80)));
    RatioEstimate ratio = rows.get(1).ratioTo(rows.get(0));
    assertEquals(Math.cbrt(1.10 * 0.90 * 1.00), ratio.ratio(), 1e-9);
    assertEquals(3, ratio.rounds());
  }

  @Test
  void filterWhoseIntervalStraddlesItsTargetIsInconclusive() {
    List<HttpRow> rows = HttpRow.group(List.of(run("jetty", 100), run("filter", 104), run("jetty", 100),
        run("filter", 90)));
    List<String> target = HttpReport.targets(rows).get(0);
    assertEquals("0.97× [0.39, 2.42]", target.get(1));
    assertTrue(target.get(4).startsWith("inconclusive: about "), target.get(4));
  }

  @Test
  void filterWhoseWholeIntervalIsBelowJettyMissesItsTarget() {
    List<HttpRow> rows = HttpRow.group(List.of(run("jetty", 100), run("filter", 90), run("jetty", 100),
        run("filter", 92), run("jetty", 100), run("filter", 91)));
    assertEquals("misses (at least 1.00)", HttpReport.targets(rows).get(0).get(4));
  }

  @Test
  void filterWhoseWholeIntervalIsAboveJettyHoldsItsTarget() {
    List<HttpRow> rows = HttpRow.group(List.of(run("jetty", 100), run("filter", 110), run("jetty", 90),
        run("filter", 100), run("jetty", 120), run("filter", 131)));
    assertEquals("holds (at least 1.00)", HttpReport.targets(rows).get(0).get(4));
  }

  @Test
  void mainAppendsTheSectionToTheSuitesReport(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("wrk-jetty.txt"), WRK_JETTY_GZIP);
    Files.writeString(dir.resolve("runs.tsv"), "jetty\tpeople-100\tgzip\tno\t41474\twrk-jetty.txt\n");
    Files.writeString(dir.resolve("report.md"), "# report\n");
    HttpReport.main(new String[] {dir.resolve("runs.tsv").toString(), dir.resolve("http.md").toString(),
        "--append-to", dir.resolve("report.md").toString()});
    String report = Files.readString(dir.resolve("report.md"));
    assertTrue(report.startsWith("# report\n\n" + HttpReport.SECTION_TITLE + "\n\nRequests per second"), report);
    assertTrue(report.endsWith(Files.readString(dir.resolve("http.md"))), report);
  }

  private static HttpRun run(String variant, double requestsPerSecond) {
    return new HttpRun(variant, "people-100", "gzip", !variant.equals("jetty"), 41_400,
        new WrkOutput(requestsPerSecond, 10_000, 50_000, 1_000, 0));
  }

  /**
   * The Spring Boot service in two rounds: boot at 300 and 310 req/s and 36,000 bytes; the filter
   * 2.50x and 2.45x, the converter 2.70x and 2.68x.
   */
  private static List<HttpRun> springRuns(boolean converterLength, long zipjackBytes) {
    List<HttpRun> runs = new java.util.ArrayList<>();
    double[][] rounds = {{300, 750, 810}, {310, 760, 830}};
    for (double[] r : rounds) {
      runs.add(new HttpRun("plain", "people-100", "identity", false, 116_097, new WrkOutput(1_000, 1_000, 5_000, 2_000, 0)));
      runs.add(new HttpRun("boot", "people-100", "gzip", false, 36_000, new WrkOutput(r[0], 50_000, 90_000, 600, 0)));
      runs.add(new HttpRun("filter", "people-100", "gzip", true, zipjackBytes, new WrkOutput(r[1], 12_000, 40_000, 1_500, 0)));
      runs.add(new HttpRun("converter", "people-100", "gzip", converterLength, zipjackBytes,
          new WrkOutput(r[2], 11_000, 39_000, 1_620, 0)));
    }
    return runs;
  }

  @Test
  void springTableComparesEachVariantWithBootsCompression() {
    List<String> lines = HttpReport.table(HttpRow.group(springRuns(true, 39_000)), "boot", HttpReport.SPRING_VARIANTS)
        .lines().toList();
    assertTrue(lines.get(0).contains("× boot"), lines.get(0));
    assertTrue(lines.get(3).contains("| boot      | gzip     |"), lines.get(3));
    assertTrue(lines.get(4).contains("2.48× [2.19, 2.80]"), lines.get(4));
    assertTrue(lines.get(5).contains("2.69× [2.55, 2.84]"), lines.get(5));
  }

  @Test
  void springTargetsHoldWhenZipjackIsTwiceBootWithinTenPercentOfItsSize() {
    List<List<String>> targets = HttpReport.springTargets(HttpRow.group(springRuns(true, 39_000)));
    assertEquals(List.of(
        List.of("filter req/s × boot (x1, gzip)", "2.48× [2.19, 2.80]", "2", "≥ 2.00× with Content-Length",
            "holds (at least 2.00)"),
        List.of("filter body bytes × boot (x1, gzip)", "1.083×", "1", "≤ 1.10×", "yes"),
        List.of("converter req/s × boot (x1, gzip)", "2.69× [2.55, 2.84]", "2", "≥ 2.00× with Content-Length",
            "holds (at least 2.00)"),
        List.of("converter body bytes × boot (x1, gzip)", "1.083×", "1", "≤ 1.10×", "yes"),
        List.of("converter req/s × filter (x1, gzip)", "1.09× [1.01, 1.17]", "2", "≥ 1.00×", "holds (at least 1.00)")),
        targets);
  }

  @Test
  void springTargetsFailABodyTooLargeOrAMissingContentLength() {
    List<List<String>> targets = HttpReport.springTargets(HttpRow.group(springRuns(false, 40_000)));
    assertEquals("NO", targets.get(1).get(4));
    assertEquals("NO (no Content-Length)", targets.get(2).get(4));
  }

  private static List<HttpRun> runs() {
    WrkOutput jetty = WrkOutput.parse(WRK_JETTY_GZIP);
    // Listed out of order: the table orders identity first, then Jetty, the filter, the helper.
    return List.of(
        new HttpRun("direct", "people-100", "gzip", true, 41_400,
            new WrkOutput(jetty.requestsPerSecond() * 2, 30_000, 150_000, 800, 0)),
        new HttpRun("jetty", "people-100", "gzip", false, 41_474, jetty),
        new HttpRun("plain", "people-100", "identity", false, 116_097,
            new WrkOutput(2_000, 1_000, 5_000, 4_000, 0)),
        new HttpRun("filter", "people-100", "gzip", true, 41_400,
            new WrkOutput(jetty.requestsPerSecond() * 1.5, 40_000, 200_000, 600, 0)));
  }

  /** One record (orders-1), zstd and dcz through the filter and the helper: 663 and 313 bytes. */
  private static List<HttpRun> dczRuns() {
    return List.of(dczRun("filter", "zstd", 663, 40_000), dczRun("filter", "dcz", 313, 42_000),
        dczRun("direct", "zstd", 663, 44_000), dczRun("direct", "dcz", 313, 43_000));
  }

  private static HttpRun dczRun(String variant, String coding, long bodyBytes, double requestsPerSecond) {
    return new HttpRun(variant, "orders-1", coding, true, bodyBytes, new WrkOutput(requestsPerSecond, 300, 1_000,
        80_000, 0));
  }

  @Test
  void dczTargetsCompareRequestsPerSecondAndBodyBytesWithZstdOnTheSameVariant() {
    assertEquals(List.of(
        List.of("filter dcz req/s × zstd-1 (orders-1)", "1.05×", "1", "≥ 1.00× with Content-Length",
            "inconclusive: about 1 more round (at least 1.00)"),
        List.of("filter dcz body bytes × zstd-1 (orders-1)", "0.472×", "1", "≤ 0.50×", "yes"),
        List.of("direct dcz req/s × zstd-1 (orders-1)", "0.98×", "1", "≥ 1.00× with Content-Length",
            "inconclusive: about 1 more round (at least 1.00)"),
        List.of("direct dcz body bytes × zstd-1 (orders-1)", "0.472×", "1", "≤ 0.50×", "yes")),
        HttpReport.dictionaryTargets(HttpRow.group(dczRuns()), List.of("filter", "direct")));
  }

  @Test
  void dczRowsAreLabelledWithTheirZstdLevelAndTheirTargetsFollowTheOthers() {
    String markdown = HttpReport.render(dczRuns(), "caption", List.of());
    assertTrue(markdown.contains("| orders-1 | filter  | dcz-1  | 42,000 |"), markdown);
    assertTrue(markdown.contains("| filter dcz req/s × zstd-1 (orders-1) "), markdown);
  }

  @Test
  void springTargetsIncludeDczAgainstZstdThroughTheConverter() {
    List<HttpRun> runs = dczRuns().stream()
        .map(r -> r.variant().equals("direct") ? new HttpRun("converter", r.dataset(), r.coding(), true, r.bodyBytes(),
            r.wrk()) : r)
        .toList();
    String markdown = HttpReport.renderSpring(runs, "caption", List.of());
    assertTrue(markdown.contains("| converter dcz req/s × zstd-1 (orders-1) "), markdown);
  }

  /** One record through the filter in three rounds: plain 10,000 req/s and 2 ms at p99, zstd and gzip beside it. */
  private static List<HttpRun> smallBodyRuns(double zstdShare, double gzipShare) {
    List<HttpRun> runs = new java.util.ArrayList<>();
    double[] plain = {10_000, 9_000, 11_000};
    double[] wobble = {1.00, 1.01, 0.99};
    for (int round = 0; round < plain.length; round++) {
      runs.add(new HttpRun("plain", "people-1", "identity", false, 1_062,
          new WrkOutput(plain[round], 1_000, 2_000, 50_000, 0)));
      runs.add(new HttpRun("filter", "people-1", "zstd", true, 746,
          new WrkOutput(plain[round] * zstdShare * wobble[round], 1_050, 2_050, 50_000, 0)));
      runs.add(new HttpRun("filter", "people-1", "gzip", true, 760,
          new WrkOutput(plain[round] * gzipShare * wobble[round], 1_100, 2_600 * wobble[round], 50_000, 0)));
    }
    return runs;
  }

  @Test
  void oneRecordCompressedIsJudgedAgainstTheSameServerSendingItUncompressed() {
    List<List<String>> targets = HttpReport.smallBodyTargets(HttpRow.group(smallBodyRuns(0.99, 0.80)),
        List.of("filter", "direct"));
    assertEquals(List.of("filter req/s × uncompressed (people-1, zstd-1)", "filter p99 × uncompressed (people-1, zstd-1)",
        "filter req/s × uncompressed (people-1, gzip-1)", "filter p99 × uncompressed (people-1, gzip-1)"),
        targets.stream().map(t -> t.get(0)).toList());
    assertEquals("≥ 0.95×", targets.get(0).get(3));
    assertEquals("holds (at least 0.95)", targets.get(0).get(4));
    assertEquals("holds (at most 1.10)", targets.get(1).get(4));
    assertEquals("≥ 0.90×", targets.get(2).get(3));
    assertEquals("misses (at least 0.90)", targets.get(2).get(4));
    assertEquals("misses (at most 1.10)", targets.get(3).get(4));
  }

  @Test
  void smallBodyTargetsLeaveOutLargeBodiesAndVariantsNotNamed() {
    List<HttpRun> runs = smallBodyRuns(0.97, 0.80).stream()
        .map(r -> new HttpRun(r.variant(), "people-100", r.coding(), r.contentLengthSent(), r.bodyBytes(), r.wrk()))
        .toList();
    assertEquals(List.of(), HttpReport.smallBodyTargets(HttpRow.group(runs), List.of("filter")));
    assertEquals(List.of(), HttpReport.smallBodyTargets(HttpRow.group(smallBodyRuns(0.97, 0.8)), List.of("direct")));
  }

  /** {@link #smallBodyRuns} with the filter answering a client that accepts no coding at 0.90x plain in every round. */
  private static List<HttpRun> withFilterIdentityRows(List<HttpRun> smallBodyRuns) {
    List<HttpRun> runs = new java.util.ArrayList<>(smallBodyRuns);
    for (double rps : new double[] {9_000, 8_100, 9_900}) {
      runs.add(new HttpRun("filter", "people-1", "identity", true, 1_062, new WrkOutput(rps, 1_000, 2_000, 50_000, 0)));
    }
    return runs;
  }

  @Test
  void aBodyZipjackDoesNotCompressIsSetBesideUncompressedWithAVerdictAndNoTarget() {
    List<HttpRun> runs = withFilterIdentityRows(smallBodyRuns(0.99, 0.80));
    List<List<String>> figures = HttpReport.identityFigures(HttpRow.group(runs), List.of("filter", "direct"));
    assertEquals("filter req/s × uncompressed (people-1, no coding accepted)", figures.get(0).get(0));
    assertEquals("0.90× [0.90, 0.90]", figures.get(0).get(1));
    assertEquals("none", figures.get(0).get(3));
    assertTrue(figures.get(0).get(4).startsWith("10.0% slower"), figures.get(0).get(4));
  }

  @Test
  void eachCompressedRowIsAlsoSetBesideItsOwnVariantNotCompressing() {
    List<HttpRun> runs = withFilterIdentityRows(smallBodyRuns(0.99, 0.80));
    List<List<String>> figures = HttpReport.identityFigures(HttpRow.group(runs), List.of("filter"));
    assertEquals(List.of("filter req/s × uncompressed (people-1, no coding accepted)",
        "filter req/s, zstd-1 × no coding accepted (people-1)", "filter req/s, gzip-1 × no coding accepted (people-1)"),
        figures.stream().map(f -> f.get(0)).toList());
    assertEquals("1.10×", figures.get(1).get(1).substring(0, 5)); // 0.99 of plain over 0.90 of plain
  }

  @Test
  void identityFiguresLeaveOutVariantsNotNamedAndCompressedRows() {
    assertEquals(List.of(), HttpReport.identityFigures(HttpRow.group(smallBodyRuns(0.97, 0.8)), List.of("filter")));
  }
}
