package org.dtp.itests;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Finds installed bundles and builds "new versions" of them, as an operator's upgrade would bring. */
final class Bundles {
    private Bundles() {
    }

    static Bundle named(BundleContext context, String symbolicName) {
        for (Bundle b : context.getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("no " + symbolicName + " bundle");
    }

    /** A higher version than the bundle's, unique per call: micro + 1 and a qualifier. */
    static String nextVersion(Bundle bundle) {
        return bundle.getVersion().getMajor() + "." + bundle.getVersion().getMinor() + "."
                + (bundle.getVersion().getMicro() + 1) + ".hotswap" + System.nanoTime();
    }

    /** The bundle with another Bundle-Version, built from the installed bundle's own entries. */
    static byte[] withVersion(Bundle bundle, String version) throws Exception {
        Manifest manifest;
        try (InputStream in = bundle.getEntry("META-INF/MANIFEST.MF").openStream()) {
            manifest = new Manifest(in);
        }
        manifest.getMainAttributes().put(new Attributes.Name("Bundle-Version"), version);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(out, manifest)) {
            Enumeration<URL> entries = bundle.findEntries("/", "*", true);
            while (entries.hasMoreElements()) {
                URL url = entries.nextElement();
                String name = url.getPath().substring(1);
                if (name.isEmpty() || name.endsWith("/") || name.equals("META-INF/MANIFEST.MF")) {
                    continue;
                }
                jar.putNextEntry(new JarEntry(name));
                try (InputStream in = url.openStream()) {
                    in.transferTo(jar);
                }
                jar.closeEntry();
            }
        }
        return out.toByteArray();
    }
}
