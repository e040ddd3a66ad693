package io.github.zipjack.bench.soak;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Reads the JVM's Native Memory Tracking summary through the DiagnosticCommand MBean (what
 * {@code jcmd <pid> VM.native_memory summary} prints). Needs {@code -XX:NativeMemoryTracking=summary}.
 */
final class NativeMemory {
  private static final Pattern TOTAL = Pattern.compile("Total: reserved=(\\d+)KB, committed=(\\d+)KB");
  private static final Pattern HEAP = Pattern.compile("Java Heap \\(reserved=(\\d+)KB, committed=(\\d+)KB\\)");

  /** Committed kilobytes: all of it, the Java heap's share, and the rest (native: malloc, threads, code, GC). */
  record Reading(long totalKb, long heapKb) {
    long nonHeapKb() {
      return totalKb - heapKb;
    }
  }

  private NativeMemory() {}

  /** The summary's text, or null when NMT is off. */
  static String summary() throws Exception {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    ObjectName name = new ObjectName("com.sun.management:type=DiagnosticCommand");
    Object text = server.invoke(name, "vmNativeMemory", new Object[] {new String[] {"summary"}},
        new String[] {String[].class.getName()});
    String summary = String.valueOf(text);
    return summary.contains("Native memory tracking is not enabled") ? null : summary;
  }

  /** The committed totals now. */
  static Reading read() throws Exception {
    String summary = summary();
    if (summary == null) {
      throw new IllegalStateException("Native Memory Tracking is off: run with -XX:NativeMemoryTracking=summary");
    }
    return new Reading(committed(TOTAL, summary), committed(HEAP, summary));
  }

  /** The process's resident set size in kilobytes (what native libraries allocate included), or -1 off Linux. */
  static long residentKb() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not Linux
    }
    return -1;
  }

  private static long committed(Pattern pattern, String summary) {
    Matcher m = pattern.matcher(summary);
    if (!m.find()) {
      throw new IllegalStateException("no " + pattern + " in the NMT summary:\n" + summary);
    }
    return Long.parseLong(m.group(2));
  }
}
