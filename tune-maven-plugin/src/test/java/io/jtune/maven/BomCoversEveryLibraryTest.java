package io.jtune.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * {@code jtune-bom} manages every jtune library a project may depend on: each module of the build
 * packaged as a jar, except the samples (examples, not a library). A module added to the build
 * without its BOM entry fails here, as {@code tune-report} and {@code tune-cluster} once did (a
 * project importing the BOM then had to give their version by hand).
 */
class BomCoversEveryLibraryTest {

    private static final Set<String> NOT_LIBRARIES = Set.of("samples");

    @Test
    void theBomManagesEveryJarModuleOfTheBuild() throws Exception {
        Path root = Path.of(System.getProperty("basedir", "")).toAbsolutePath().resolve("..").normalize();
        Set<String> libraries = new TreeSet<>();
        for (String module : texts(read(root.resolve("pom.xml")).getDocumentElement(), "module")) {
            Element pom = read(root.resolve(module).resolve("pom.xml")).getDocumentElement();
            String packaging = childText(pom, "packaging");
            String artifactId = childText(pom, "artifactId");
            if ((packaging == null || packaging.equals("jar")) && !NOT_LIBRARIES.contains(artifactId)) {
                libraries.add(artifactId);
            }
        }
        Element managed = (Element) read(root.resolve("jtune-bom/pom.xml")).getElementsByTagName("dependencyManagement").item(0);
        assertEquals(libraries, new TreeSet<>(texts(managed, "artifactId")),
                "jtune-bom/pom.xml must manage exactly the build's library modules: add a missing one to its dependencyManagement");
    }

    private static Document read(Path pom) throws ParserConfigurationException, SAXException, IOException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        try (var in = Files.newInputStream(pom)) {
            return factory.newDocumentBuilder().parse(in);
        }
    }

    private static List<String> texts(Element within, String tag) {
        NodeList nodes = within.getElementsByTagName(tag);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent().strip());
        }
        return texts;
    }

    /** The text of a direct child of the project element (not of its parent or dependencies), or null. */
    private static String childText(Element project, String tag) {
        for (var node = project.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element child && child.getTagName().equals(tag)) {
                return child.getTextContent().strip();
            }
        }
        return null;
    }
}
