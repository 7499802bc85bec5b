package org.dtp.conformance;

import java.io.IOException;
import java.io.InputStream;

/** Opens the bytes behind one sample media reference; every call gives a new stream from the first byte. */
@FunctionalInterface
public interface MediaSource {
    InputStream open() throws IOException;
}
