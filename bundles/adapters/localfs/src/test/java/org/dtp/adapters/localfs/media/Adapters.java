package org.dtp.adapters.localfs.media;

import org.dtp.adapters.localfs.LocalFolderSettings;

/** Adapter instances as tests build them: directly, without a framework. */
public final class Adapters {
    private Adapters() {
    }

    static LocalFolderMediaExporter exporter() {
        return new LocalFolderMediaExporter(LocalFolderSettings.defaults());
    }

    public static LocalFolderMediaImporter importer() {
        return new LocalFolderMediaImporter(LocalFolderSettings.defaults());
    }
}
