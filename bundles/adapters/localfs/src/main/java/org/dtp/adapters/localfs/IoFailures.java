package org.dtp.adapters.localfs;

import org.dtp.spi.AdapterException;
import org.dtp.spi.DestinationFullException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransientAdapterException;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.Locale;

/**
 * Maps I/O failures onto the SPI: most concern one item; a few may pass and are worth a retry; a full disk or a used-up
 * quota is the destination's state, not the item's: the transfer pauses until there is room again.
 */
public final class IoFailures {
    /** Messages of failures that may pass (errno texts of Linux, macOS and NFS). */
    private static final String[] TRANSIENT_MESSAGES = {
            "stale file handle", "stale nfs file handle",
            "resource temporarily unavailable", "too many open files", "device or resource busy", "timed out"};

    /** Messages of a full destination (ENOSPC, EDQUOT: errno texts of Linux and macOS). */
    private static final String[] FULL_MESSAGES = {"no space left on device", "disk quota exceeded", "quota exceeded"};

    private IoFailures() {
    }

    /** A failure of this adapter's own disk while handling one item. */
    public static AdapterException ofItem(String what, IOException e) {
        String message = what + ": " + describe(e);
        return looksFull(e) ? new DestinationFullException(message, e) : looksTransient(e) ? new TransientAdapterException(message, e) : new ItemRejectedException(message, e);
    }

    /** A failure of this adapter's own disk that concerns a whole folder (listing, creating). */
    public static AdapterException ofFolder(String what, IOException e) {
        String message = what + ": " + describe(e);
        return looksFull(e) ? new DestinationFullException(message, e) : looksTransient(e) ? new TransientAdapterException(message, e) : new AdapterException(message, e);
    }

    /**
     * A failure while reading the item's bytes from the source. The stream usually crosses a network,
     * so anything but a missing or forbidden file is worth a retry.
     */
    public static AdapterException ofSource(String what, IOException e) {
        String message = what + ": " + describe(e);
        return e instanceof NoSuchFileException || e instanceof AccessDeniedException
                ? new ItemRejectedException(message, e)
                : new TransientAdapterException(message, e);
    }

    static boolean looksFull(IOException e) {
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        for (String text : FULL_MESSAGES) {
            if (message.contains(text)) {
                return true;
            }
        }
        return false;
    }

    static boolean looksTransient(IOException e) {
        if (e instanceof InterruptedIOException || e instanceof SocketException) {
            return true;
        }
        String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        for (String text : TRANSIENT_MESSAGES) {
            if (message.contains(text)) {
                return true;
            }
        }
        return false;
    }

    private static String describe(IOException e) {
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + " " + message;
    }
}
