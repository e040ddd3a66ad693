package io.github.zipjack;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Replaces a file with new content so that readers, and the file after a crash, see either the old
 * complete content or the new complete content: the content goes to a temporary file in the same
 * directory, is forced to the device, and is renamed over the target in one atomic step; then the
 * directory is forced so that the rename itself survives a power loss (where the platform lets a
 * directory be opened; elsewhere that last step is skipped).
 *
 * <p>Temporary files are named {@code .<target name>.<pid>.<random>.zipjack-tmp}. A writer killed
 * mid-save leaves its temporary file behind; the next save of the same target deletes the ones whose
 * process is gone, so they never pile up. Saves from live processes, this one included, are never
 * touched. Stateless and thread-safe; concurrent saves of one target each complete, the last rename
 * wins.
 */
final class AtomicFileWrite {
  static final String TEMP_SUFFIX = ".zipjack-tmp";

  /** Writes the content to the stream it is given; must not close it. */
  interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFileWrite() {}

  static void replace(Path target, Content content) throws IOException {
    Path file = target.toAbsolutePath().normalize();
    Path dir = file.getParent();
    if (dir == null || file.getFileName() == null) {
      throw new IOException("cannot save to " + target + ": it names no file in a directory");
    }
    if (!Files.isDirectory(dir)) {
      throw new NoSuchFileException(dir.toString(), null, "cannot save " + file.getFileName() + ": its directory does not exist");
    }
    String name = file.getFileName().toString();
    deleteOrphanedTemporaries(dir, name);
    Path temp = createTemporary(dir, name);
    boolean renamed = false;
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        content.writeTo(Channels.newOutputStream(channel));
        channel.force(true);
      }
      try {
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        throw new IOException("cannot save " + file + " atomically: this file system cannot rename over it", e);
      }
      renamed = true;
      forceDirectory(dir);
    } finally {
      if (!renamed) {
        Files.deleteIfExists(temp);
      }
    }
  }

  private static Path createTemporary(Path dir, String name) throws IOException {
    String prefix = temporaryPrefix(name) + ProcessHandle.current().pid() + ".";
    while (true) {
      Path temp = dir.resolve(prefix + Long.toHexString(ThreadLocalRandom.current().nextLong()) + TEMP_SUFFIX);
      try {
        // CREATE_NEW with the default permissions (as a new target would get), unlike createTempFile's 0600
        return Files.createFile(temp);
      } catch (FileAlreadyExistsException e) {
        // another writer drew the same name: draw again
      }
    }
  }

  static String temporaryPrefix(String name) {
    return "." + name + ".";
  }

  /** Deletes temporaries of {@code name} left by processes that no longer run. */
  private static void deleteOrphanedTemporaries(Path dir, String name) throws IOException {
    String prefix = temporaryPrefix(name);
    DirectoryStream.Filter<Path> mine = p -> {
      String n = p.getFileName().toString();
      return n.startsWith(prefix) && n.endsWith(TEMP_SUFFIX);
    };
    try (DirectoryStream<Path> temporaries = Files.newDirectoryStream(dir, mine)) {
      for (Path temp : temporaries) {
        long pid = writerPid(temp.getFileName().toString(), prefix);
        if (pid > 0 && ProcessHandle.of(pid).isEmpty()) {
          Files.deleteIfExists(temp);
        }
      }
    }
  }

  /** The pid in a temporary's name, or -1 if the name does not have one where it should. */
  private static long writerPid(String temporaryName, String prefix) {
    int start = prefix.length();
    int dot = temporaryName.indexOf('.', start);
    if (dot < 0) {
      return -1;
    }
    try {
      return Long.parseLong(temporaryName.substring(start, dot));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** Makes the rename durable where a directory can be opened and forced (Linux, macOS); a no-op elsewhere. */
  private static void forceDirectory(Path dir) {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // Windows cannot open a directory as a channel; its rename is as durable as it gets there
    }
  }
}
