package org.dtp.transfer;

/** Progress within one source container (album, folder, calendar...). */
public record ContainerProgress(String containerId, String name, long items, long bytes, long errors) {
}
