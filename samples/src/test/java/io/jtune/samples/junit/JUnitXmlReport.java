package io.jtune.samples.junit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/** The test cases of a JUnit XML report (the format Surefire and the console launcher write). */
final class JUnitXmlReport {

    /** One {@code <testcase>}: its name, its class name, and whether it holds a failure or error. */
    record TestCase(String name, String className, boolean failed) {
    }

    private JUnitXmlReport() {
    }

    static List<TestCase> testCases(Path report) throws IOException {
        try {
            NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile()).getElementsByTagName("testcase");
            List<TestCase> found = new ArrayList<>();
            for (int i = 0; i < cases.getLength(); i++) {
                Element testCase = (Element) cases.item(i);
                boolean failed = testCase.getElementsByTagName("failure").getLength() + testCase.getElementsByTagName("error").getLength() > 0;
                found.add(new TestCase(testCase.getAttribute("name"), testCase.getAttribute("classname"), failed));
            }
            return found;
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("cannot read the JUnit XML report " + report + ": " + e.getMessage(), e);
        }
    }
}
