package io.github.zipjack.tools.soak;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
  private static final Pattern CATEGORY = Pattern.compile("-\\s+([A-Za-z ]+?) \\(reserved=(\\d+)KB, committed=(\\d+)KB\\)");

  /**
   * The categories that are the JVM's own working memory rather than anything a library holds: the
   * Java heap, the collector's structures (which follow the heap's size), and the JIT's code cache,
   * compiler and arenas and the symbol table (which grow for as long as methods are still being
   * compiled: well past a short warm-up on a busy machine).
   */
  static final Set<String> JVM_OWN = Set.of("Java Heap", "GC", "Code", "Compiler", "Arena Chunk", "Symbol");

  /** Committed kilobytes: all of it, and the JVM's own working memory ({@link #JVM_OWN}) within it. */
  record Reading(long totalKb, long jvmOwnKb, Map<String, Long> categoriesKb) {
    /** Native memory less the JVM's own: what threads, direct buffers, classes and native code hold. */
    long libraryKb() {
      return totalKb - jvmOwnKb;
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
    Map<String, Long> categories = new TreeMap<>();
    Matcher m = CATEGORY.matcher(summary);
    while (m.find()) {
      categories.put(m.group(1).strip(), Long.parseLong(m.group(3)));
    }
    if (!categories.containsKey("Java Heap")) {
      throw new IllegalStateException("no Java Heap category in the NMT summary:\n" + summary);
    }
    long jvmOwn = categories.entrySet().stream().filter(e -> JVM_OWN.contains(e.getKey()))
        .mapToLong(Map.Entry::getValue).sum();
    return new Reading(committed(TOTAL, summary), jvmOwn, Map.copyOf(categories));
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
