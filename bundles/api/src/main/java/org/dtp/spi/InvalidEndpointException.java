package org.dtp.spi;

/** The settings given for one side of a transfer are wrong; the message says what to fix. */
public class InvalidEndpointException extends AdapterException {
    public InvalidEndpointException(String message) {
        super(message);
    }
}
